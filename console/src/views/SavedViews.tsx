import { useState } from 'preact/hooks';
import { ApiError, call, newKey } from '../lib/api';
import { Link } from '../lib/router';
import { useLoad } from '../lib/ui';

interface SavedView {
  id: string;
  name: string;
  query: string;
}

/**
 * The member's saved views of the Runs list (GET/POST/DELETE /api/saved-views): each a link to the
 * list with its filters; "Save view" keeps the current filters under a name. Nobody else sees them.
 */
export function SavedViews({ query }: { query: URLSearchParams }) {
  const views = useLoad(() => call<{ items: SavedView[] }>('GET', '/api/saved-views?limit=50'), []);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const filters = new URLSearchParams(query);
  filters.delete('cursor');
  const save = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const name = String(new FormData(form).get('name') ?? '').trim();
    try {
      await call('POST', '/api/saved-views', { body: { name, query: filters.toString() }, key: newKey() });
      setMessage({ ok: true, text: `Saved as ${name}` });
      form.reset();
      views.reload();
    } catch (error) {
      setMessage({ ok: false, text: `Not saved: ${error instanceof ApiError ? error.message : String(error)}` });
    }
  };
  const remove = async (view: SavedView) => {
    await call('DELETE', `/api/saved-views/${view.id}`, { key: newKey() });
    setMessage({ ok: true, text: `Deleted ${view.name}` });
    views.reload();
  };
  return (
    <section aria-labelledby="saved-views">
      <h2 id="saved-views">Saved views</h2>
      {views.value && views.value.items.length === 0 && (
        <p class="muted">None yet: set filters, then save them under a name.</p>
      )}
      <ul class="saved-views">
        {views.value?.items.map((v) => (
          <li data-view-id={v.id}>
            <Link href={`/console/runs${v.query ? `?${v.query}` : ''}`}>{v.name}</Link>{' '}
            <button type="button" class="copy" onClick={() => remove(v)} aria-label={`Delete the view ${v.name}`}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form class="inline-form" onSubmit={save} aria-label="Save this view">
        <label>
          View name
          <input name="name" required maxLength={100} />
        </label>
        <button type="submit">Save view</button>
        <span role="status" class={message?.ok === false ? 'error' : 'muted'}>
          {message?.text ?? ''}
        </span>
      </form>
    </section>
  );
}

import { useState } from 'preact/hooks';
import { ApiError, call } from '../lib/api';
import { forPeople } from '../lib/ui';

interface TraceViewerLink {
  url: string;
  expiresAt: number;
  viewerVersion: string;
  recordedWith?: string;
}

/**
 * Opens the Run's Playwright trace in the viewer the API serves (this origin), through a link that
 * lives minutes: asked for at the click, never kept in the page. The viewer opens at the action that
 * failed (its own choice: the last action with an error), or at `step` (1 for the first).
 */
export function OpenTrace({ runId, step }: { runId: string; step?: number }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const open = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      const at = step === undefined ? '' : `?step=${step}`;
      const link = await call<TraceViewerLink>('GET', `/api/runs/${runId}/trace/viewer${at}`);
      const other = link.recordedWith && link.recordedWith !== link.viewerVersion;
      setMessage({
        ok: !other,
        text: other
          ? `This trace was recorded by playwright-core ${link.recordedWith}; the viewer is ${link.viewerVersion} and may not show all of it.`
          : 'Opened in a new tab.',
      });
      // Within the click's user activation, so no popup blocker stops it; the same tab otherwise.
      if (!window.open(link.url, '_blank')) window.location.assign(link.url);
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? forPeople(e.message) : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button type="button" disabled={busy} onClick={open}>
        {step === undefined ? 'Open trace' : `Open trace at step ${step}`}
      </button>
      <span role="status" class={message?.ok === false ? 'error' : 'muted'}>
        {message?.text ?? ''}
      </span>
    </span>
  );
}

import { useState } from 'preact/hooks';
import { route } from '../lib/contract';
import type { Session } from '../lib/session';

/**
 * Sign-in: with the organization's OpenID Connect issuer where the install has one, else with an
 * API key entered once. The key goes to the API in one request and is never kept in the browser.
 */
export function SignIn(props: { method: 'oidc' | 'api_key'; notice?: string; signedIn: (s: Session) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const apiKey = String(new FormData(form).get('apiKey') ?? '');
    setBusy(true);
    try {
      const session = await route('console_session.create', 'POST', '/api/console/session', { bearer: apiKey });
      form.reset();
      props.signedIn(session);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the QA console</h1>
      {props.notice && <p role="status">{props.notice}</p>}
      {props.method === 'oidc' ? (
        <p>
          <a class="button" href="/api/console/oidc/start">
            Sign in with your organization
          </a>
        </p>
      ) : (
        <form onSubmit={submit}>
          <label for="api-key">Organization API key</label>
          <input id="api-key" name="apiKey" type="password" autocomplete="off" required placeholder="aut_…" />
          <button type="submit" disabled={busy}>
            Sign in
          </button>
          <p class="muted">The key is checked once; the browser keeps only a session cookie.</p>
        </form>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

import { useState } from 'preact/hooks';
import { ApiError, call, newKey } from '../lib/api';
import { route, type RouteAnswer } from '../lib/contract';
import { useIntentKey } from '../lib/intent';
import { Action, forPeople, Pending, Time, useLoad } from '../lib/ui';

type Connection = RouteAnswer<'commit_connections.get_github'>;
type Provider = 'github' | 'gitlab';

const SCOPE = 'svc:webhooks:write';
const TITLE: Record<Provider, string> = { github: 'GitHub', gitlab: 'GitLab' };
const DEFAULT_API: Record<Provider, string> = {
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com/api/v4',
};
const REPORTS: Record<Provider, string> = {
  github: 'A plan group triggered for a commit reports a check run on it and keeps one comment on its pull request.',
  gitlab: 'A plan group triggered for a commit reports a commit status and keeps one note on its merge request.',
};

/** The connection, or null when the organization has none (the API answers 404). */
const read = (provider: Provider): Promise<Connection | null> =>
  route(
    provider === 'github' ? 'commit_connections.get_github' : 'commit_connections.get_gitlab',
    'GET',
    `/api/commit-connections/${provider}`,
  ).catch((e: unknown) => {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  });

/** Results on the commit: the GitHub and GitLab connections, each connected, replaced or disconnected here. */
export function CommitConnections() {
  return (
    <section>
      <h2>Results on the commit</h2>
      <ConnectionCard provider="github" />
      <ConnectionCard provider="gitlab" />
    </section>
  );
}

function ConnectionCard({ provider }: { provider: Provider }) {
  const connection = useLoad(() => read(provider), [provider]);
  const c = connection.value;
  return (
    <section class="card" data-provider={provider} aria-labelledby={`connection-${provider}`}>
      <h3 id={`connection-${provider}`}>{TITLE[provider]}</h3>
      <p class="muted">{REPORTS[provider]}</p>
      {c === undefined ? (
        <Pending loaded={connection} what={`the ${TITLE[provider]} connection`} />
      ) : c === null ? (
        <p>Not connected.</p>
      ) : (
        <p>
          <strong>Connected</strong> with {c.authKind === 'app' ? `the GitHub App ${c.appId}` : 'a token'}
          {c.installationId ? ` (installation ${c.installationId})` : ''} · API <code>{c.apiUrl}</code> · check named{' '}
          <strong>{c.checkName}</strong> · since <Time ms={c.updatedAt} />{' '}
          <Action
            scope={SCOPE}
            label={`Disconnect ${TITLE[provider]}`}
            result="Disconnected"
            confirm={`Disconnect ${TITLE[provider]}? Plan groups stop reporting to its commits.`}
            run={() => call('DELETE', `/api/commit-connections/${provider}`, { key: newKey() })}
            done={connection.reload}
          />
        </p>
      )}
      <ConnectForm provider={provider} connected={!!c} saved={connection.reload} />
    </section>
  );
}

function ConnectForm({ provider, connected, saved }: { provider: Provider; connected: boolean; saved: () => void }) {
  const [auth, setAuth] = useState<'token' | 'app'>('token');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const keyFor = useIntentKey();
  const title = TITLE[provider];
  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const common = { apiUrl: text('apiUrl') || DEFAULT_API[provider], checkName: text('checkName') || 'QA' };
    const installation = text('installationId');
    const body =
      provider === 'gitlab'
        ? { ...common, token: text('token') }
        : {
            ...common,
            auth:
              auth === 'token'
                ? { kind: 'token', token: text('token') }
                : {
                    kind: 'app',
                    appId: text('appId'),
                    privateKey: String(data.get('privateKey') ?? ''),
                    ...(installation ? { installationId: Number(installation) } : {}),
                  },
          };
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await call('PUT', `/api/commit-connections/${provider}`, { key: keyFor(body), body });
      form.reset();
      keyFor.done();
      setNotice(`${title} connected. The secret is kept sealed and is never shown again.`);
      saved();
    } catch (e) {
      setError(`Connecting ${title} failed: ${e instanceof ApiError ? forPeople(e.message) : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details>
      <summary>{connected ? `Replace the ${title} connection` : `Connect ${title}`}</summary>
      <form
        class="filters"
        aria-label={`Connect ${title}`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e.currentTarget as HTMLFormElement);
        }}
      >
        {provider === 'github' && (
          <fieldset>
            <legend>Sign in to GitHub with</legend>
            <label>
              <input type="radio" name="auth" checked={auth === 'token'} onChange={() => setAuth('token')} /> a token
            </label>
            <label>
              <input type="radio" name="auth" checked={auth === 'app'} onChange={() => setAuth('app')} /> a GitHub App
            </label>
          </fieldset>
        )}
        {auth === 'token' || provider === 'gitlab' ? (
          <label>
            {title} token (never shown again)
            <input name="token" type="password" autoComplete="off" maxLength={1000} required />
          </label>
        ) : (
          <>
            <label>
              App id
              <input name="appId" inputMode="numeric" pattern="[0-9]{1,20}" required />
            </label>
            <label>
              Private key, PEM (never shown again)
              <textarea name="privateKey" rows={4} cols={40} autoComplete="off" spellcheck={false} required />
            </label>
            <label>
              Installation id (optional)
              <input name="installationId" inputMode="numeric" pattern="[0-9]{1,20}" />
            </label>
          </>
        )}
        <label>
          API address
          <input name="apiUrl" type="url" placeholder={DEFAULT_API[provider]} maxLength={500} />
        </label>
        <label>
          Check name
          <input name="checkName" placeholder="QA" maxLength={100} />
        </label>
        <button type="submit" disabled={busy}>
          {connected ? `Replace ${title}` : `Connect ${title}`}
        </button>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <p role="status" class="muted">
        {notice ?? ''}
      </p>
    </details>
  );
}

import { useState } from 'preact/hooks';
import { ApiError, call, newKey, query } from '../lib/api';
import { route, type RouteAnswer } from '../lib/contract';
import { useCan } from '../lib/session';
import { Action, forPeople, Pending, Time, useLoad, Table } from '../lib/ui';

type AuditLine = RouteAnswer<'audit.list'>['items'][number];

const SCOPE = 'svc:org:admin';

/** What each audited endpoint did, as a person says it. */
const ACTIONS: Record<string, string> = {
  'test_case.create': 'created a Test Case',
  'test_case.update_steps': 'edited the steps of a Test Case',
  'test_plan.create': 'created a Test Plan',
  'test_plan.set_members': 'changed the members of a Test Plan',
  'run.trigger': 'ran a test',
  'runs.visual_accept': 'accepted a visual change',
  'test_cases.quarantine': 'quarantined a Test Case',
  'test_cases.release': 'released a Test Case from quarantine',
  'schedules.create': 'created a schedule',
  'schedules.update': 'changed a schedule',
  'schedules.delete': 'deleted a schedule',
  'schedules.pause': 'paused a schedule',
  'schedules.resume': 'resumed a schedule',
  'schedules.trigger': 'ran a schedule now',
  'keys.create': 'created an API key',
  'keys.revoke': 'revoked an API key',
  'environment.upsert': 'saved an Environment',
};

/**
 * Members: the organization's members and API keys (create, with the key shown once; revoke), and
 * the audit trail of every change. Offered to a credential with svc:org:admin; any other is told why.
 */
export function Members() {
  const can = useCan()(SCOPE);
  if (!can)
    return (
      <>
        <h1>Members</h1>
        <p role="alert">
          Your credential does not hold the scope {SCOPE}, which reading members, API keys and the audit trail needs.
          Ask an administrator of the organization for it.
        </p>
      </>
    );
  return (
    <>
      <h1>Members</h1>
      <MemberList />
      <Keys />
      <Audit />
    </>
  );
}

function MemberList() {
  const members = useLoad(() => route('members.list', 'GET', '/api/members?limit=100'), []);
  if (!members.value) return <Pending loaded={members} what="members" />;
  return (
    <section>
      <h2>People</h2>
      {members.value.items.length === 0 ? (
        <p>No one signs in with the organization's issuer yet; add a member with `npm run admin -- member add`.</p>
      ) : (
        <ul>
          {members.value.items.map((m) => (
            <li>
              {m.userSub}{' '}
              <small class="muted">
                since <Time ms={m.createdAt} />
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Names of the keys, for saying who did something ("key CI") instead of an id. */
function useKeyNames() {
  return useLoad(async () => {
    const page = await route('keys.list', 'GET', '/api/keys?limit=100');
    return new Map(page.items.map((k) => [k.keyId, k.name ?? `unnamed key ${k.keyId}`]));
  }, []);
}

function Keys() {
  const keys = useLoad(() => route('keys.list', 'GET', '/api/keys?limit=100'), []);
  const [shown, setShown] = useState<{ name: string; apiKey: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One key per named request: a retried click after an error makes no second key.
  const [intent, setIntent] = useState({ name: '', key: newKey() });
  const create = async (name: string) => {
    const key = intent.name === name ? intent.key : newKey();
    setIntent({ name, key });
    setBusy(true);
    setError(undefined);
    try {
      const made = await route('keys.create', 'POST', '/api/keys', { key, body: { name } });
      setShown(made.apiKey ? { name, apiKey: made.apiKey } : undefined);
      if (!made.apiKey)
        setError('This key was made by an earlier click and its secret was shown then; revoke it and make another.');
      setIntent({ name: '', key: newKey() });
      keys.reload();
    } catch (e) {
      setError(`Create failed: ${e instanceof ApiError ? forPeople(e.message) : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <h2>API keys</h2>
      <form
        class="filters"
        aria-label="Create an API key"
        onSubmit={(e) => {
          e.preventDefault();
          const name = String(new FormData(e.currentTarget as HTMLFormElement).get('name') ?? '').trim();
          if (!name) return setError('Give the key a name, e.g. "CI".');
          void create(name);
        }}
      >
        <label>
          Name of the new key
          <input name="name" maxLength={100} required />
        </label>
        <button type="submit" disabled={busy}>
          Create key
        </button>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {shown && (
        <div role="status" class="key-once">
          <p>
            The key <strong>{shown.name}</strong>, shown only this once (only a hash of it is kept): copy it now.
          </p>
          <label>
            New API key
            <input readOnly value={shown.apiKey} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
          </label>
          <button type="button" onClick={() => setShown(undefined)}>
            I have copied it
          </button>
        </div>
      )}
      {!keys.value ? (
        <Pending loaded={keys} what="API keys" />
      ) : (
        // Focusable, so a keyboard can scroll it sideways on a narrow screen.
        <Table label="API keys" caption="API keys" headers={['Name', 'Key id', 'Scopes', 'Made', 'Last used', 'State']}>
          {keys.value.items.map((k) => (
            <tr data-key-id={k.keyId}>
              <td>{k.name ?? <span class="muted">unnamed (admin command)</span>}</td>
              <td>
                <code>{k.keyId}</code>
              </td>
              <td>every scope</td>
              <td>
                <Time ms={k.createdAt} /> {k.createdBy && <small class="muted">by {k.createdBy}</small>}
              </td>
              <td>{k.lastUsedAt ? <Time ms={k.lastUsedAt} /> : <span class="muted">never</span>}</td>
              <td>
                {k.revokedAt ? (
                  <>
                    Revoked <Time ms={k.revokedAt} />
                  </>
                ) : (
                  <Action
                    scope={SCOPE}
                    label="Revoke"
                    result="Revoked"
                    confirm={`Revoke the key ${k.name ?? k.keyId}? Scripts using it are refused from now on.`}
                    run={() => call('POST', `/api/keys/${k.keyId}/revoke`, { key: newKey() })}
                    done={keys.reload}
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

function Audit() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const names = useKeyNames();
  const page = useLoad(() => route('audit.list', 'GET', `/api/audit${query({ limit: 50, cursor })}`), [cursor]);
  const who = (a: AuditLine['actor']) => (a.kind === 'api_key' ? `key ${names.value?.get(a.id) ?? a.id}` : a.id);
  return (
    <section>
      <h2>Audit trail</h2>
      {!page.value ? (
        <Pending loaded={page} what="the audit trail" />
      ) : page.value.items.length === 0 ? (
        <p>No change has been made yet.</p>
      ) : (
        <Table label="Audit trail" caption="Changes, newest first" headers={['When', 'Who', 'What', 'From where']}>
          {page.value.items.map((line) => (
            <tr data-action={line.action}>
              <td>
                <Time ms={line.at} />
              </td>
              <td>{who(line.actor)}</td>
              <td>
                {ACTIONS[line.action] ?? line.action} {line.target && <code>{line.target}</code>}
              </td>
              <td>
                {line.channel}
                {line.ip && <small class="muted"> {line.ip}</small>}
                {line.userAgent && <small class="muted"> · {line.userAgent.slice(0, 60)}</small>}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <div class="actions">
        {cursors.length > 0 && (
          <button type="button" onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </button>
        )}
        {page.value?.nextCursor && (
          <button type="button" onClick={() => setCursors([...cursors, page.value!.nextCursor!])}>
            Older
          </button>
        )}
      </div>
    </section>
  );
}

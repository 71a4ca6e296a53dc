import { useState } from 'preact/hooks';
import { ApiError, call, newKey } from '../lib/api';
import { op, route, type RouteAnswer } from '../lib/contract';
import { useCan } from '../lib/session';
import { Action, forPeople, Pending, Table, Time, useLoad } from '../lib/ui';
import { CommitConnections } from './CommitConnections';
import { useIntentKey } from '../lib/intent';

type Channel = RouteAnswer<'notification_channels.list'>['items'][number];
type Rule = Channel['rules'][number];

export const SCOPE = 'svc:webhooks:write';

const WHEN: Record<Rule['when'], string> = {
  every: 'every group',
  failures: 'failures only',
  change: 'on a change of state',
};

const KINDS = { slack: 'Slack', teams: 'Microsoft Teams' } as const;

/**
 * Notifications: Slack and Teams channels (add, send a test message, remove) and the commit
 * connections to GitHub and GitLab. Every URL, token and key is written here and never shown back:
 * the API answers none of them, so neither can this page.
 */
export function Notifications() {
  if (!useCan()(SCOPE))
    return (
      <>
        <h1>Notifications</h1>
        <p role="alert">
          Your credential does not hold the scope {SCOPE}, which managing channels and commit connections needs. Ask an
          administrator of the organization for it.
        </p>
      </>
    );
  return (
    <>
      <h1>Notifications</h1>
      <Channels />
      <CommitConnections />
    </>
  );
}

/** Plans and Environments by id and slug: rules name them, the page shows their names. */
function useNames() {
  return useLoad(async () => {
    const [plans, environments] = await Promise.all([
      op('test_plan.list', { limit: 100 }),
      op('environment.list', { limit: 100 }),
    ]);
    return {
      plans: plans.items.map((p) => ({ id: p.id, name: p.name })),
      environments: environments.items.map((e) => ({ slug: e.slug, name: e.name })),
    };
  }, []);
}

type Names = NonNullable<ReturnType<typeof useNames>['value']>;

/** A rule as a sentence: "failures only · plans Checkout · Environments staging · branches main". */
function ruleText(rule: Rule, names: Names | undefined): string {
  const plan = (id: string) => names?.plans.find((p) => p.id === id)?.name ?? id;
  const parts = [WHEN[rule.when]];
  if (rule.testPlanIds?.length) parts.push(`plans ${rule.testPlanIds.map(plan).join(', ')}`);
  if (rule.scheduleIds?.length) parts.push(`schedules ${rule.scheduleIds.join(', ')}`);
  if (rule.environmentSlugs?.length) parts.push(`Environments ${rule.environmentSlugs.join(', ')}`);
  if (rule.branches?.length) parts.push(`branches ${rule.branches.join(', ')}`);
  if (parts.length === 1) parts.push('any plan, Environment and branch');
  return parts.join(' · ');
}

function Channels() {
  const list = useLoad(() => route('notification_channels.list', 'GET', '/api/notification-channels'), []);
  const names = useNames();
  return (
    <section>
      <h2>Slack and Teams channels</h2>
      {!list.value ? (
        <Pending loaded={list} what="channels" />
      ) : list.value.items.length === 0 ? (
        <p>No channel yet: add a Slack or Teams incoming webhook below, then send it a test message.</p>
      ) : (
        <Table label="Channels" caption="Channels" headers={['Name', 'Kind', 'Sends', 'State', 'Actions']}>
          {list.value.items.map((c) => (
            <tr data-channel-id={c.id}>
              <td>{c.name}</td>
              <td>{KINDS[c.kind]}</td>
              <td>
                <ul class="plain">
                  {c.rules.map((r) => (
                    <li>{ruleText(r, names.value)}</li>
                  ))}
                </ul>
              </td>
              <td>
                {c.enabled ? 'Enabled' : <strong>Disabled</strong>}
                {c.failureStreak > 0 ? (
                  <p class="error">
                    Failing: {c.failureStreak} message{c.failureStreak === 1 ? '' : 's'} in a row since{' '}
                    <Time ms={c.failingSince} />
                    {c.lastError && <small> ({c.lastError.slice(0, 160)})</small>}
                  </p>
                ) : (
                  <small class="muted"> · not failing</small>
                )}
              </td>
              <td>
                <TestSend channel={c} done={list.reload} />
                <Action
                  scope={SCOPE}
                  label="Remove"
                  result="Removed"
                  confirm={`Remove the channel ${c.name}? It receives no more messages.`}
                  run={() => call('DELETE', `/api/notification-channels/${c.id}`, { key: newKey() })}
                  done={list.reload}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <AddChannel names={names.value} added={list.reload} />
    </section>
  );
}

/** Sends one test message and says how it went, in the channel's own answer. */
function TestSend({ channel, done }: { channel: Channel; done: () => void }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const send = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const sent = await route('notification_channels.test', 'POST', `/api/notification-channels/${channel.id}/test`, {
        key: newKey(),
      });
      const answer = sent.statusCode ? ` (HTTP ${sent.statusCode})` : '';
      setOutcome(
        sent.status === 'delivered'
          ? { ok: true, text: `Test message delivered${answer}` }
          : sent.status === 'pending'
            ? { ok: true, text: 'Test message still on its way' }
            : { ok: false, text: `Test message failed${answer}: ${sent.error ?? 'no answer'}` },
      );
      done();
    } catch (e) {
      setOutcome({ ok: false, text: `Test message failed: ${e instanceof ApiError ? forPeople(e.message) : e}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button type="button" disabled={busy} onClick={send} aria-label={`Send a test message to ${channel.name}`}>
        Send a test message
      </button>
      <span role="status" class={outcome?.ok === false ? 'error' : 'muted'}>
        {outcome?.text ?? ''}
      </span>
    </span>
  );
}

function AddChannel({ names, added }: { names: Names | undefined; added: () => void }) {
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const keyFor = useIntentKey();
  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const [name, url] = [text('name'), text('url')];
    if (!name) return setError('Give the channel a name, e.g. "#qa".');
    if (!url) return setError('Paste the incoming-webhook URL that Slack or Teams gave you.');
    const rule: Record<string, unknown> = { when: text('when') || 'every' };
    if (text('testPlanId')) rule.testPlanIds = [text('testPlanId')];
    if (text('environmentSlug')) rule.environmentSlugs = [text('environmentSlug')];
    if (text('branch')) rule.branches = [text('branch')];
    const body = { name, kind: text('kind') as Channel['kind'], url, rules: [rule] };
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const made = await route('notification_channels.create', 'POST', '/api/notification-channels', {
        key: keyFor(body),
        body,
      });
      form.reset();
      keyFor.done();
      setNotice(`Added ${made.name}. Its URL is kept secret and is never shown again; send it a test message.`);
      added();
    } catch (e) {
      setError(`Adding the channel failed: ${e instanceof ApiError ? forPeople(e.message) : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h3>Add a channel</h3>
      <form
        class="filters"
        aria-label="Add a channel"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e.currentTarget as HTMLFormElement);
        }}
      >
        <label>
          Name
          <input name="name" maxLength={100} placeholder="#qa" required />
        </label>
        <label>
          Kind
          <select name="kind">
            <option value="slack">Slack</option>
            <option value="teams">Microsoft Teams</option>
          </select>
        </label>
        <label>
          Incoming-webhook URL (never shown again)
          <input name="url" type="password" autoComplete="off" maxLength={2000} required />
        </label>
        <label>
          Send
          <select name="when">
            {Object.entries(WHEN).map(([value, label]) => (
              <option value={value}>{label}</option>
            ))}
          </select>
        </label>
        <label>
          Test Plan
          <select name="testPlanId">
            <option value="">any</option>
            {names?.plans.map((p) => (
              <option value={p.id}>{p.name}</option>
            ))}
          </select>
        </label>
        <label>
          Environment
          <select name="environmentSlug">
            <option value="">any</option>
            {names?.environments.map((e) => (
              <option value={e.slug}>
                {e.name} ({e.slug})
              </option>
            ))}
          </select>
        </label>
        <label>
          Branch (optional)
          <input name="branch" maxLength={200} />
        </label>
        <button type="submit" disabled={busy}>
          Add channel
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
    </>
  );
}

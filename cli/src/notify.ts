import { randomUUID } from 'node:crypto';
import { updateChannel } from './channel-update';
import { EXIT, QaError } from './http';
import type { NotifyContext } from './notify-context';
import { CHANNEL_ID, type ChannelMessage, type ChannelRow, type ConnectionRow, type RoutingRule } from './shapes';

const WHEN = ['every', 'failures', 'change'] as const;
const PROVIDERS = ['github', 'gitlab'] as const;

const ruleText = (r: RoutingRule) =>
  [
    r.when,
    r.testPlanIds?.length ? `plans ${r.testPlanIds.join(',')}` : '',
    r.scheduleIds?.length ? `schedules ${r.scheduleIds.join(',')}` : '',
    r.environmentSlugs?.length ? `env ${r.environmentSlugs.join(',')}` : '',
    r.branches?.length ? `branches ${r.branches.join(',')}` : '',
  ]
    .filter(Boolean)
    .join(' ');

const print = (c: NotifyContext, answer: unknown, human: string) =>
  c.flags.json ? process.stdout.write(`${JSON.stringify(answer)}\n`) : c.out.line(human);

/** One key for every attempt of this command: a retry after a lost answer changes the record once. */
const keyOf = (c: NotifyContext) => ({ 'Idempotency-Key': c.flags['idempotency-key'] ?? randomUUID() });

/**
 * `qa channels list | add | update <id> | test <id> | remove <id>`. The channel's URL is its credential, so it
 * is read from QA_CHANNEL_URL (a CI secret), never from a flag that a process list or a log shows.
 */
export async function channelsCommand(c: NotifyContext, args: string[]): Promise<number> {
  const [verb, id, ...extra] = args;
  if (extra.length) throw new QaError(EXIT.usage, `unexpected argument ${extra[0]}`);
  if (verb === 'list') {
    const { items } = await c.api.request<{ items: ChannelRow[] }>('GET', '/api/notification-channels');
    if (c.flags.json) return (print(c, { channels: items }, ''), EXIT.passed);
    if (!items.length)
      c.out.line('no channels; add one with QA_CHANNEL_URL=… qa channels add --name <name> --kind slack');
    for (const ch of items)
      c.out.line(
        `${ch.id}  ${ch.name}  ${ch.kind}  ${ch.enabled ? 'enabled' : 'disabled'}  ${ch.rules.map(ruleText).join('; ')}` +
          (ch.failureStreak > 0 ? `  FAILING: ${ch.failureStreak} in a row (${ch.lastError ?? 'no answer'})` : ''),
      );
    return EXIT.passed;
  }
  if (verb === 'add') {
    if (id) throw new QaError(EXIT.usage, `unexpected argument ${id}`);
    return addChannel(c);
  }
  if (verb !== 'test' && verb !== 'remove' && verb !== 'update')
    throw new QaError(
      EXIT.usage,
      'usage: qa channels list | add --name <name> --kind slack|teams | update <id> | test <id> | remove <id>',
    );
  if (!id || !CHANNEL_ID.test(id)) throw new QaError(EXIT.usage, `usage: qa channels ${verb} <nch_… id>`);
  if (verb === 'update') {
    const changed = await updateChannel(c, id, keyOf);
    print(
      c,
      changed,
      `${id}: ${changed.name} (${changed.kind}, ${changed.enabled ? 'enabled' : 'disabled'}, ${changed.rules.map(ruleText).join('; ')})`,
    );
    return EXIT.passed;
  }
  if (verb === 'remove') {
    const answer = await c.api.request('DELETE', `/api/notification-channels/${id}`, undefined, keyOf(c));
    print(c, answer, `${id}: removed`);
    return EXIT.passed;
  }
  const sent = await c.api.request<ChannelMessage>(
    'POST',
    `/api/notification-channels/${id}/test`,
    undefined,
    keyOf(c),
  );
  const answer = sent.statusCode ? ` (HTTP ${sent.statusCode})` : '';
  print(c, sent, `${id}: test message ${sent.status}${answer}${sent.error ? `: ${sent.error}` : ''}`);
  return sent.status === 'failed' ? EXIT.failed : EXIT.passed;
}

async function addChannel(c: NotifyContext): Promise<number> {
  const f = c.flags;
  const url = c.env.QA_CHANNEL_URL;
  if (!f.name) throw new QaError(EXIT.usage, 'qa channels add needs --name');
  if (f.kind !== 'slack' && f.kind !== 'teams') throw new QaError(EXIT.usage, '--kind must be slack or teams');
  if (!url)
    throw new QaError(EXIT.usage, "set QA_CHANNEL_URL to the channel's incoming-webhook URL (kept in a secret)");
  const when = f.when ?? 'every';
  if (!(WHEN as readonly string[]).includes(when))
    throw new QaError(EXIT.usage, `--when must be one of ${WHEN.join(', ')}`);
  const rule = {
    when,
    ...(f.plan ? { testPlanIds: [await c.resolvePlan(f.plan)] } : {}),
    ...(f.env ? { environmentSlugs: [f.env] } : {}),
    ...(f.branch ? { branches: [f.branch] } : {}),
  };
  const made = await c.api.request<ChannelRow>(
    'POST',
    '/api/notification-channels',
    { name: f.name, kind: f.kind, url, rules: [rule] },
    keyOf(c),
  );
  print(
    c,
    made,
    `${made.id}: added ${made.name} (${made.kind}, ${made.rules.map(ruleText).join('; ')}); test it with qa channels test ${made.id}`,
  );
  return EXIT.passed;
}

/**
 * `qa connections list | set github|gitlab | remove github|gitlab`: where plan groups report on
 * the commit. The token comes from QA_SCM_TOKEN, a GitHub App's private key (PEM) from
 * QA_GITHUB_APP_KEY with --app-id: secrets stay in the environment, never in a flag.
 */
export async function connectionsCommand(c: NotifyContext, args: string[]): Promise<number> {
  const [verb, provider, ...extra] = args;
  if (extra.length) throw new QaError(EXIT.usage, `unexpected argument ${extra[0]}`);
  if (verb === 'list') {
    if (provider) throw new QaError(EXIT.usage, 'usage: qa connections list [--json]');
    const found: ConnectionRow[] = [];
    for (const p of PROVIDERS) {
      const row = await c.api.request<ConnectionRow>('GET', `/api/commit-connections/${p}`).catch((e: unknown) => {
        if (e instanceof QaError && e.httpStatus === 404) return null;
        throw e;
      });
      if (row) found.push(row);
    }
    if (c.flags.json) return (print(c, { connections: found }, ''), EXIT.passed);
    for (const p of PROVIDERS) {
      const row = found.find((r) => r.provider === p);
      c.out.line(
        row
          ? `${p}  connected with ${row.authKind === 'app' ? `App ${row.appId}` : 'a token'}  ${row.apiUrl}  check "${row.checkName}"`
          : `${p}  not connected`,
      );
    }
    return EXIT.passed;
  }
  if ((verb !== 'set' && verb !== 'remove') || !(PROVIDERS as readonly string[]).includes(provider ?? ''))
    throw new QaError(EXIT.usage, 'usage: qa connections list | set github|gitlab | remove github|gitlab');
  if (verb === 'remove') {
    const answer = await c.api.request('DELETE', `/api/commit-connections/${provider}`, undefined, keyOf(c));
    print(c, answer, `${provider}: disconnected`);
    return EXIT.passed;
  }
  const saved = await c.api.request<ConnectionRow>(
    'PUT',
    `/api/commit-connections/${provider}`,
    connectionBody(c, provider as (typeof PROVIDERS)[number]),
    keyOf(c),
  );
  print(
    c,
    saved,
    `${provider}: connected with ${saved.authKind === 'app' ? `App ${saved.appId}` : 'a token'} (check "${saved.checkName}")`,
  );
  return EXIT.passed;
}

function connectionBody(c: NotifyContext, provider: (typeof PROVIDERS)[number]) {
  const f = c.flags;
  const common = {
    ...(f['provider-url'] ? { apiUrl: f['provider-url'] } : {}),
    ...(f['check-name'] ? { checkName: f['check-name'] } : {}),
  };
  if (f['app-id']) {
    if (provider !== 'github') throw new QaError(EXIT.usage, '--app-id connects a GitHub App; GitLab takes a token');
    const privateKey = c.env.QA_GITHUB_APP_KEY;
    if (!privateKey) throw new QaError(EXIT.usage, "set QA_GITHUB_APP_KEY to the App's private key (PEM)");
    const installation = f['installation-id'];
    if (installation !== undefined && !/^[1-9]\d{0,15}$/.test(installation))
      throw new QaError(EXIT.usage, '--installation-id must be a number');
    return {
      ...common,
      auth: {
        kind: 'app',
        appId: f['app-id'],
        privateKey,
        ...(installation ? { installationId: Number(installation) } : {}),
      },
    };
  }
  const token = c.env.QA_SCM_TOKEN;
  if (!token) throw new QaError(EXIT.usage, `set QA_SCM_TOKEN to the ${provider} token (kept in a secret)`);
  return provider === 'gitlab' ? { ...common, token } : { ...common, auth: { kind: 'token', token } };
}

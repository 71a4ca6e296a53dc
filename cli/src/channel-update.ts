import type { NotifyContext } from './notify-context';
import { EXIT, QaError } from './http';
import type { ChannelRow, RoutingRule } from './shapes';

const WHEN = ['every', 'failures', 'change'] as const;

/** A rule field's flag: absent keeps the field, an empty value clears it, a value replaces it. */
const field = <K extends keyof RoutingRule>(rule: RoutingRule, key: K, value: RoutingRule[K] | '' | undefined) => {
  if (value === undefined) return;
  if (value === '') delete rule[key];
  else rule[key] = value;
};

/**
 * `qa channels update <id>`: renames the channel, changes its one rule in place (the flags given
 * replace those fields, the others stay), turns it on or off, or gives it a new URL from
 * QA_CHANNEL_URL (`--new-url`; never a flag's value). One PATCH, keyed: a retried command changes it once.
 */
export async function updateChannel(
  c: NotifyContext,
  id: string,
  keyOf: (c: NotifyContext) => Record<string, string>,
): Promise<ChannelRow> {
  const f = c.flags;
  if (f.enable && f.disable) throw new QaError(EXIT.usage, 'give --enable or --disable, not both');
  if (f.when !== undefined && !(WHEN as readonly string[]).includes(f.when))
    throw new QaError(EXIT.usage, `--when must be one of ${WHEN.join(', ')}`);
  const url = c.env.QA_CHANNEL_URL;
  if (f['new-url'] && !url) throw new QaError(EXIT.usage, "--new-url reads the channel's new URL from QA_CHANNEL_URL");
  const body: Record<string, unknown> = {
    ...(f.name !== undefined ? { name: f.name } : {}),
    ...(f.enable ? { enabled: true } : f.disable ? { enabled: false } : {}),
    ...(f['new-url'] ? { url } : {}),
  };
  if ([f.when, f.plan, f.env, f.branch].some((v) => v !== undefined)) {
    const channel = await c.api.request<ChannelRow>('GET', `/api/notification-channels/${id}`);
    if (channel.rules.length !== 1)
      throw new QaError(
        EXIT.usage,
        `${id} has ${channel.rules.length} rules; change them with PATCH /api/notification-channels/${id}`,
      );
    const rule: RoutingRule = { ...channel.rules[0] };
    field(rule, 'when', f.when as RoutingRule['when'] | undefined);
    field(rule, 'testPlanIds', f.plan === undefined ? undefined : f.plan && [await c.resolvePlan(f.plan)]);
    field(rule, 'environmentSlugs', f.env === undefined ? undefined : f.env && [f.env]);
    field(rule, 'branches', f.branch === undefined ? undefined : f.branch && [f.branch]);
    body.rules = [rule];
  }
  if (!Object.keys(body).length)
    throw new QaError(
      EXIT.usage,
      'qa channels update <id> needs --name, --when, --plan, --env, --branch, --enable, --disable or --new-url',
    );
  return c.api.request<ChannelRow>('PATCH', `/api/notification-channels/${id}`, body, keyOf(c));
}

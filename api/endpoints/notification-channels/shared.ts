import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { routingRule } from '../../../core/notifications';
import { notificationRepository } from '../../../db/repositories/notifications';
import type { AppDeps } from '../../pipeline/deps';
import { URL_PATTERN } from '../webhooks/shared';

/** Channels are delivered beside webhooks and managed with the same scope. */
export const access = { scope: 'svc:webhooks:write' } as const;

export const channelUrl = z
  .string()
  .max(2000)
  .meta({ format: 'uri', pattern: URL_PATTERN })
  .describe(
    "The channel's incoming-webhook URL (Slack: https://hooks.slack.com/services/…; Teams: the workflow's or " +
      "connector's URL). It is the channel's credential: written once, never returned, never logged.",
  );

export const rules = z
  .array(routingRule)
  .min(1)
  .max(20)
  .describe(
    'Routing rules: a group is sent when any rule names it (plans, schedules, Environments, branches) and its `when` holds.',
  );

export const channelParams = z.object({ channelId: idOf('nch') });

export async function owned(deps: AppDeps, orgId: string, channelId: string) {
  const channel = await notificationRepository.channel(deps.db.manager, orgId, channelId);
  if (!channel) throw notFound(`Notification channel ${channelId}`);
  return channel;
}

/** How long POST …/test waits for its single attempt before answering it pending. */
export const TEST_WAIT_MS = 20_000;

import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { channelKind, MAX_CHANNELS } from '../../../core/notifications';
import type { NotificationChannel } from '../../../db/entities/notifications';
import { notificationRepository } from '../../../db/repositories/notifications';
import { channelUrlContext } from '../../../domain/notifications/channels';
import { defineEndpoint } from '../../pipeline/model';
import { channelView, presentChannel } from '../../presenters/notifications';
import { checkUrl } from '../webhooks/shared';
import { access, channelUrl, rules } from './shared';

export default defineEndpoint({
  name: 'notification_channels.create',
  bindings: { rest: { method: 'POST', path: '/api/notification-channels', status: 201 } },
  summary: 'Add a Slack or Microsoft Teams channel with its routing rules; its URL is never shown again.',
  description:
    'Ended plan groups that a rule names are sent as a Block Kit message (Slack) or an Adaptive Card (Teams): the ' +
    `verdict, the failed cases by name with their diagnosis, and links to the console. At most ${MAX_CHANNELS} channels.`,
  access,
  idempotency: 'optional',
  body: z.strictObject({
    name: z.string().trim().min(1).max(100),
    kind: channelKind,
    url: channelUrl,
    rules: rules.default([{ when: 'every' }]),
    enabled: z.boolean().default(true),
  }),
  output: channelView,
  async handler(input, { principal, deps }) {
    checkUrl(deps, input.url);
    const orgId = principal.orgId;
    if ((await notificationRepository.countChannels(deps.db.manager, orgId)) >= MAX_CHANNELS)
      throw new AppError(
        'RESOURCE_EXHAUSTED',
        `an organization has at most ${MAX_CHANNELS} notification channels; delete one first`,
      );
    const id = newId('nch');
    const now = Date.now();
    const channel: NotificationChannel = {
      id,
      orgId,
      name: input.name,
      kind: input.kind,
      urlSealed: deps.secrets.seal(input.url, channelUrlContext(id)),
      rules: input.rules,
      enabled: input.enabled,
      failingSince: null,
      failureStreak: 0,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    };
    await notificationRepository.insertChannel(deps.db.manager, channel);
    return presentChannel(channel);
  },
});

import { z } from 'zod';
import { notFound } from '../../../core/errors';
import type { NotificationChannel } from '../../../db/entities/notifications';
import { notificationRepository } from '../../../db/repositories/notifications';
import { channelUrlContext } from '../../../domain/notifications/channels';
import { defineEndpoint } from '../../pipeline/model';
import { channelView, presentChannel } from '../../presenters/notifications';
import { checkUrl } from '../webhooks/shared';
import { access, channelParams, channelUrl, owned, rules } from './shared';

export default defineEndpoint({
  name: 'notification_channels.update',
  bindings: { rest: { method: 'PATCH', path: '/api/notification-channels/:channelId' } },
  summary: 'Change a channel: its name, URL (written, never shown), rules; enabling it clears the failing streak.',
  access,
  idempotency: 'optional',
  params: channelParams,
  body: z.strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    url: channelUrl.optional(),
    rules: rules.optional(),
    enabled: z.boolean().optional(),
  }),
  output: channelView,
  async handler(input, { principal, deps }) {
    const { channelId, url, ...fields } = input;
    const channel = await owned(deps, principal.orgId, channelId);
    const patch: Partial<NotificationChannel> = { ...fields, updatedAt: Date.now() };
    if (url !== undefined) {
      checkUrl(deps, url);
      patch.urlSealed = deps.secrets.seal(url, channelUrlContext(channel.id));
    }
    // A new URL or a channel turned back on starts with a clean record.
    if (url !== undefined || (fields.enabled === true && !channel.enabled))
      Object.assign(patch, { failingSince: null, failureStreak: 0, lastError: null });
    await notificationRepository.updateChannel(deps.db.manager, channel.id, patch);
    const after = await notificationRepository.channel(deps.db.manager, principal.orgId, channel.id);
    if (!after) throw notFound(`Notification channel ${channel.id}`);
    return presentChannel(after);
  },
});

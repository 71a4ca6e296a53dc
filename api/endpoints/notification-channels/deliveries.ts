import { z } from 'zod';
import { notificationRepository } from '../../../db/repositories/notifications';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { notificationView, presentNotification } from '../../presenters/notifications';
import { access, channelParams, owned } from './shared';

export default defineEndpoint({
  name: 'notification_channels.messages',
  bindings: { rest: { method: 'GET', path: '/api/notification-channels/:channelId/messages' } },
  summary: "The channel's latest messages, newest first (at most `limit`), each with its last attempt.",
  access,
  params: channelParams,
  query: z.strictObject({ limit: queryInt(1, 100, 20) }),
  output: z.object({ items: z.array(notificationView) }),
  async handler(input, { principal, deps }) {
    const channel = await owned(deps, principal.orgId, input.channelId);
    const rows = await notificationRepository.deliveries(deps.db.manager, principal.orgId, channel.id, input.limit);
    return { items: rows.map(presentNotification) };
  },
});

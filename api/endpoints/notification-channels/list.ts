import { z } from 'zod';
import { notificationRepository } from '../../../db/repositories/notifications';
import { defineEndpoint } from '../../pipeline/model';
import { channelView, presentChannel } from '../../presenters/notifications';
import { access } from './shared';

export default defineEndpoint({
  name: 'notification_channels.list',
  bindings: { rest: { method: 'GET', path: '/api/notification-channels' } },
  summary: "The organization's Slack and Teams channels (at most 20; URLs are never shown).",
  access,
  output: z.object({ items: z.array(channelView) }),
  async handler(input, { principal, deps }) {
    const rows = await notificationRepository.channels(deps.db.manager, principal.orgId);
    return { items: rows.map(presentChannel) };
  },
});

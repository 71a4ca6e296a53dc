import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { notificationRepository } from '../../../db/repositories/notifications';
import { defineEndpoint } from '../../pipeline/model';
import { access, channelParams } from './shared';

export default defineEndpoint({
  name: 'notification_channels.delete',
  bindings: { rest: { method: 'DELETE', path: '/api/notification-channels/:channelId' } },
  summary: 'Delete a channel; its pending messages stop at their next attempt.',
  access,
  idempotency: 'optional',
  params: channelParams,
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler(input, { principal, deps }) {
    if (!(await notificationRepository.deleteChannel(deps.db.manager, principal.orgId, input.channelId)))
      throw notFound(`Notification channel ${input.channelId}`);
    return { id: input.channelId, deleted: true as const };
  },
});

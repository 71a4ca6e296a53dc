import { randomBytes } from 'node:crypto';
import { notFound } from '../../../core/errors';
import { notificationRepository } from '../../../db/repositories/notifications';
import { prepareMessage, testSummary } from '../../../domain/notifications/channels';
import { defineEndpoint } from '../../pipeline/model';
import { notificationView, presentNotification } from '../../presenters/notifications';
import { startNotification } from '../../temporal/starts';
import { access, channelParams, owned, TEST_WAIT_MS } from './shared';

export default defineEndpoint({
  name: 'notification_channels.test',
  bindings: { rest: { method: 'POST', path: '/api/notification-channels/:channelId/test' } },
  summary: 'Send a test message to the channel once (never retried) and answer how it went.',
  access,
  idempotency: 'optional',
  params: channelParams,
  output: notificationView,
  async handler(input, { principal, deps }) {
    const channel = await owned(deps, principal.orgId, input.channelId);
    const message = await prepareMessage(deps.db.manager, deps.config, {
      channel,
      subjectId: `test_${randomBytes(8).toString('hex')}`,
      summary: testSummary(deps.config, channel.name),
      retry: false,
    });
    await startNotification(deps, message, TEST_WAIT_MS);
    const row = await notificationRepository.deliveryById(deps.db.manager, message.input.deliveryId);
    if (!row) throw notFound(`Notification channel ${channel.id}`);
    return presentNotification(row);
  },
});

import { defineEndpoint } from '../../pipeline/model';
import { channelView, presentChannel } from '../../presenters/notifications';
import { access, channelParams, owned } from './shared';

export default defineEndpoint({
  name: 'notification_channels.get',
  bindings: { rest: { method: 'GET', path: '/api/notification-channels/:channelId' } },
  summary: 'One notification channel, with its failing streak.',
  access,
  params: channelParams,
  output: channelView,
  async handler(input, { principal, deps }) {
    return presentChannel(await owned(deps, principal.orgId, input.channelId));
  },
});

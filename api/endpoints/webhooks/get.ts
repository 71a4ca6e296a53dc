import { defineEndpoint } from '../../pipeline/model';
import { endpointView, presentEndpoint } from '../../presenters/webhooks';
import { access, owned, webhookParams } from './shared';

export default defineEndpoint({
  name: 'webhooks.get',
  bindings: { rest: { method: 'GET', path: '/api/webhooks/:webhookId' } },
  summary: 'One webhook endpoint.',
  access,
  params: webhookParams,
  output: endpointView,
  async handler(input, { principal, deps }) {
    return presentEndpoint(await owned(deps, principal.orgId, input.webhookId));
  },
});

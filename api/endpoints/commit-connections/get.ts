import { defineEndpoint } from '../../pipeline/model';
import { connectionView, presentConnection } from '../../presenters/commit-connections';
import { access, ownedConnection } from './shared';

export default defineEndpoint({
  name: 'commit_connections.get_github',
  bindings: { rest: { method: 'GET', path: '/api/commit-connections/github' } },
  summary: "The organization's GitHub connection (its token or private key is never shown).",
  access,
  output: connectionView,
  async handler(input, { principal, deps }) {
    return presentConnection(await ownedConnection(deps, principal.orgId));
  },
});

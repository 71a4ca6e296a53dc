import { metadata, protectedResourceMetadata } from '../../oauth/metadata';
import { defineEndpoint } from '../../pipeline/model';

/** `GET /.well-known/oauth-protected-resource/api/mcp`: RFC 9728 metadata, public. */
export default defineEndpoint({
  name: 'oauth.protected_resource',
  bindings: { rest: { method: 'GET', path: '/.well-known/oauth-protected-resource/api/mcp' } },
  summary: 'OAuth protected-resource metadata (RFC 9728) of the MCP endpoint and the API.',
  description:
    'Named by the resource_metadata parameter of every bearer challenge; OAuth clients read ' +
    'authorization_servers here to find where to obtain access tokens.',
  access: 'public',
  output: metadata,
  async handler(_input, { deps, koa }) {
    koa.set('Cache-Control', 'public, max-age=300');
    return protectedResourceMetadata(deps.config);
  },
});

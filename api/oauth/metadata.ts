import { z } from 'zod';
import type { Config } from '../../core/config';
import { defineEndpoint } from '../resources/define';
import { allScopes } from '../../core/scopes';

const metadata = z.object({
  resource: z.string().describe('The protected resource: {SITE_URL}/api/mcp'),
  resource_name: z.string(),
  authorization_servers: z
    .array(z.string())
    .describe('Issuers whose access tokens are accepted; empty when OAuth is not configured.'),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.literal('header')),
  resource_documentation: z.string(),
});

/** The body of the metadata document; the config is read per request (tests learn SITE_URL late). */
export function protectedResourceMetadata(config: Config): z.infer<typeof metadata> {
  return {
    resource: `${config.SITE_URL}/api/mcp`,
    resource_name: 'QA Test Orchestration Service',
    authorization_servers: config.OAUTH_ISSUER ? [config.OAUTH_ISSUER] : [],
    scopes_supported: [...allScopes],
    bearer_methods_supported: ['header'],
    resource_documentation: `${config.BASE_URL}/api/openapi.json`,
  };
}

/** `GET /.well-known/oauth-protected-resource/api/mcp`: RFC 9728 metadata, public. */
export const protectedResourceMetadataEndpoint = defineEndpoint({
  method: 'GET',
  path: '/.well-known/oauth-protected-resource/api/mcp',
  summary: 'OAuth protected-resource metadata (RFC 9728) of the MCP endpoint and the API.',
  description:
    'Named by the resource_metadata parameter of every bearer challenge; OAuth clients read ' +
    'authorization_servers here to find where to obtain access tokens.',
  access: 'public',
  response: metadata,
  async handler({ deps, koa }) {
    koa.set('Cache-Control', 'public, max-age=300');
    return protectedResourceMetadata(deps.config);
  },
});

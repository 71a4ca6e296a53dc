import { z } from 'zod';
import type { Config } from '../../core/config';
import { allScopes } from '../../core/scopes';

export const metadata = z.object({
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

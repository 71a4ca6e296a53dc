import type { AppDeps } from './deps';
import { mcpEndpoints } from './mcp';
import { protectedResourceMetadataEndpoint } from './oauth/metadata';
import { createTokenVerifier } from './oauth/verifier';
import type { Endpoint } from './resources/define';

/**
 * Wires optional services (OAuth verifier, media storage, …) into the deps and returns the
 * endpoints they add. Shared by the server and the tests so both run the same shape.
 */
export async function installCapabilities(deps: AppDeps): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  // OAuth: without an issuer only organization API keys authenticate; the metadata is served
  // either way (with no authorization servers) because every challenge points at it.
  if (deps.config.OAUTH_ISSUER) deps.services.tokenVerifier = createTokenVerifier(deps);
  endpoints.push(protectedResourceMetadataEndpoint);
  endpoints.push(...mcpEndpoints);
  return endpoints;
}

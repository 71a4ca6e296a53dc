import type { Config } from '../../core/config';
import { AppError } from '../../core/errors';

/**
 * The 401 answer and its bearer challenge, apart from authenticate() (auth.ts) so that the ways a
 * caller is found (API keys, tokens, the console's session) can answer 401 without importing it.
 * OAuth's: the challenge names this resource's metadata (RFC 6750, RFC 9728).
 */

/** Where OAuth clients find this resource's metadata (RFC 9728), named in every challenge. */
export function resourceMetadataUrl(siteUrl: string): string {
  return `${siteUrl}/.well-known/oauth-protected-resource/api/mcp`;
}

/** The `WWW-Authenticate` value; `extra` adds RFC 6750 parameters such as `error="invalid_token", `. */
export function challenge(siteUrl: string, extra = ''): string {
  return bearerChallenge(resourceMetadataUrl(siteUrl), extra);
}

/** The same challenge from the metadata URL itself (what an OAuth principal carries). */
export function bearerChallenge(metadataUrl: string, extra = ''): string {
  return `Bearer ${extra}resource_metadata="${metadataUrl}"`;
}

export function unauthenticated(deps: { config: Config }, message: string, extra = ''): AppError {
  return new AppError('UNAUTHENTICATED', message, undefined, {
    'WWW-Authenticate': challenge(deps.config.SITE_URL, extra),
  });
}

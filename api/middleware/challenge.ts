import type { AppDeps } from '../deps';
import { AppError } from '../../core/errors';

/**
 * The 401 answer and its bearer challenge, apart from authenticate() (auth.ts) so that the ways a
 * caller is found (API keys, tokens, the console's session) can answer 401 without importing it.
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

export function unauthenticated(deps: AppDeps, message: string, extra = ''): AppError {
  return new AppError('UNAUTHENTICATED', message, undefined, {
    'WWW-Authenticate': challenge(deps.config.SITE_URL, extra),
  });
}

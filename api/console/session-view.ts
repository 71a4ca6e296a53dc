import { z } from 'zod';
import { AppError } from '../../core/errors';
import { allScopes } from '../../core/scopes';
import type { ConsoleSession } from '../../db/repositories/console-sessions';
import type { ConsoleDeps } from './deps';
import { oidcEnabled } from './oidc';
import { actorName } from '../presenters/actors';

/** What the console learns of its session: who, which scopes, until when, and its anti-CSRF token. */
export const consoleSessionSchema = z.object({
  orgId: z.string(),
  kind: z.enum(['api_key', 'oidc']).describe('How the session was opened.'),
  subject: z.string().describe('The API key id, or the signed-in member (OpenID Connect `sub`).'),
  name: z.string().describe('Who is signed in, as a person reads it: "key <key name>" or the member.'),
  scopes: z.array(z.enum(allScopes as [string, ...string[]])),
  expiresAt: z.number().describe('Epoch milliseconds; after it the console asks to sign in again.'),
  csrfToken: z.string().describe('Send it as X-CSRF-Token with every request that changes something.'),
});

/** `keyNames`: the name of the session's API key, if it has one. */
export const sessionView = (s: ConsoleSession, keyNames: Map<string, string>) => ({
  orgId: s.orgId,
  kind: s.kind,
  subject: s.subject,
  name: actorName(s.subject, s.kind === 'api_key' ? 'api_key' : 'oauth', keyNames),
  scopes: s.scopes,
  expiresAt: s.expiresAt,
  csrfToken: s.csrfToken,
});

/** How this install signs in: with its OpenID Connect issuer when one is set for the console, else an API key. */
export const signInMethod = (config: ConsoleDeps['config']): 'oidc' | 'api_key' =>
  oidcEnabled(config) ? 'oidc' : 'api_key';

/** 401 that tells the console which sign-in to show. */
export const signInRequired = (config: ConsoleDeps['config'], message = 'sign in to use the console') =>
  new AppError('UNAUTHENTICATED', message, { signIn: signInMethod(config) });

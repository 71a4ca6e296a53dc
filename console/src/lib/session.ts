import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The console's session as GET /api/console/session answers it. */
export interface Session {
  orgId: string;
  kind: 'api_key' | 'oidc';
  subject: string;
  /** Who is signed in, as a person reads it ("key CI", a member). */
  name?: string;
  scopes: string[];
  expiresAt: number;
  csrfToken: string;
}

export const SessionContext = createContext<Session | null>(null);

/** Whether the signed-in credential holds a scope: the console offers only what it may do. */
export function useCan(): (scope: string) => boolean {
  const session = useContext(SessionContext);
  return (scope) => Boolean(session?.scopes.includes(scope));
}

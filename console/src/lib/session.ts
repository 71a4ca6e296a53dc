import type { RouteAnswer } from './contract';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The console's session as GET /api/console/session answers it. */
export type Session = RouteAnswer<'console_session.get'>;

export const SessionContext = createContext<Session | null>(null);

/** Whether the signed-in credential holds a scope: the console offers only what it may do. */
export function useCan(): (scope: string) => boolean {
  const session = useContext(SessionContext);
  return (scope) => Boolean(session?.scopes.includes(scope));
}

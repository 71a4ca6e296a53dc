import { useEffect, useState } from 'preact/hooks';
import { ApiError, call, onSignedOut, useCsrfToken } from './lib/api';
import { route } from './lib/contract';
import { Link, navigate, useLocation } from './lib/router';
import { SessionContext, type Session } from './lib/session';
import { Compare } from './views/compare/Compare';
import { Author } from './views/author/Author';
import { Environments } from './views/Environments';
import { Generate } from './views/Generate';
import { GroupReview } from './views/GroupReview';
import { Insights } from './views/Insights';
import { Members } from './views/Members';
import { Notifications } from './views/Notifications';
import { PlanGroup, PlanGroups } from './views/PlanGroups';
import { Run } from './views/Run';
import { Runs } from './views/Runs';
import { Schedules } from './views/Schedules';
import { SignIn } from './views/SignIn';
import { TestCase, TestCases } from './views/TestCases';
import { Trigger } from './views/Trigger';
import { Webhooks } from './views/Webhooks';

const NAV = [
  ['/console/runs', 'Runs'],
  ['/console/plan-groups', 'Plan groups'],
  ['/console/test-cases', 'Test Cases'],
  ['/console/author', 'Author'],
  ['/console/generate', 'Generate'],
  ['/console/insights', 'Insights'],
  ['/console/schedules', 'Schedules'],
  ['/console/webhooks', 'Webhooks'],
  ['/console/notifications', 'Notifications'],
  ['/console/environments', 'Environments'],
  ['/console/run', 'Run a test'],
  ['/console/members', 'Members'],
] as const;

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; method: 'oidc' | 'api_key'; notice?: string }
  | { kind: 'signed-in'; session: Session };

/** The view of a console address. */
function View({ url }: { url: URL }) {
  const parts = url.pathname.replace(/\/+$/, '').split('/').slice(2);
  const [section, id, sub] = parts;
  if (section === 'runs' && id) return <Run runId={id} />;
  if (section === 'plan-groups' && id && sub === 'review') return <GroupReview id={id} />;
  if (section === 'compare') return <Compare url={url} />;
  if (section === 'plan-groups' && id) return <PlanGroup id={id} />;
  if (section === 'plan-groups') return <PlanGroups url={url} />;
  if (section === 'test-cases' && id) return <TestCase id={id} />;
  if (section === 'test-cases') return <TestCases />;
  if (section === 'author') return <Author id={id} />;
  if (section === 'generate') return <Generate id={id} />;
  if (section === 'insights') return <Insights />;
  if (section === 'schedules') return <Schedules />;
  if (section === 'webhooks') return <Webhooks />;
  if (section === 'notifications') return <Notifications />;
  if (section === 'environments') return <Environments />;
  if (section === 'run') return <Trigger url={url} />;
  if (section === 'members') return <Members />;
  return <Runs url={url} />;
}

export function App() {
  const url = useLocation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const signedIn = (session: Session) => {
    useCsrfToken(session.csrfToken);
    setState({ kind: 'signed-in', session });
    if (url.pathname.startsWith('/console/sign-in')) navigate('/console/runs', true);
  };
  const check = (notice?: string) =>
    route('console_session.get', 'GET', '/api/console/session').then(signedIn, (e: ApiError) =>
      setState({
        kind: 'signed-out',
        method: e.details?.signIn === 'oidc' ? 'oidc' : 'api_key',
        notice: notice ?? url.searchParams.get('error') ?? undefined,
      }),
    );
  useEffect(() => {
    onSignedOut((why) => void check(`Signed out: ${why}`));
    void check();
  }, []);
  // A session ends at its expiry even in a console left open with nothing to read.
  useEffect(() => {
    if (state.kind !== 'signed-in') return;
    const timer = setTimeout(
      () => void check('Your session expired; sign in again.'),
      state.session.expiresAt - Date.now() + 500,
    );
    return () => clearTimeout(timer);
  }, [state]);
  useEffect(() => {
    document.title = `${document.querySelector('h1')?.textContent ?? 'Console'} · QA console`;
  });

  if (state.kind === 'loading')
    return (
      <main id="main">
        <p aria-busy="true">Loading…</p>
      </main>
    );
  if (state.kind === 'signed-out') return <SignIn method={state.method} notice={state.notice} signedIn={signedIn} />;
  const signOut = async () => {
    await call('DELETE', '/api/console/session');
    await check('You signed out.');
  };
  const { session } = state;
  return (
    <SessionContext.Provider value={session}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <nav aria-label="Console">
          {NAV.map(([href, label]) => (
            <Link
              href={href}
              aria-current={url.pathname === href || url.pathname.startsWith(`${href}/`) ? 'page' : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>
        <p class="who">
          {session.name ?? (session.kind === 'oidc' ? session.subject : `key ${session.subject}`)} · {session.orgId}{' '}
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </p>
      </header>
      <main id="main">
        <View url={url} />
      </main>
    </SessionContext.Provider>
  );
}

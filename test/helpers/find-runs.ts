import { createOrg, environment, newCase, type AppFixture, type TestOrg } from './app';
import { insertRun } from './run-rows';

const DAY = 86_400_000;

/** The records the Run search tests find Runs among (test/api/run-find.test.ts, console-find.test.ts). */
export interface FindWorld {
  /** Test Cases "Checkout works" and "Login works" of the suite's organization. */
  checkout: string;
  login: string;
  /** A time `days` before `now` (a Run's creation time). */
  at: (days: number) => number;
  /** Another organization, with a case of the same name and a failed Run of it on staging. */
  other: TestOrg;
  theirCase: string;
  theirRun: string;
}

/**
 * Seeds what finding Runs is tried on: Environment `staging` named "Staging EU" (and `prod`
 * "Production"), two Test Cases by name, and another organization whose case has the same name and
 * a failed Run at the commit `theirCommit`, which must never be found. The Runs of the suite's own
 * organization are the caller's, inserted with insertRun at `at(days)`.
 */
export async function seedFindWorld(
  t: AppFixture,
  { now = Date.now() - 60_000, theirCommit = 'bbbb2222dddd' } = {},
): Promise<FindWorld> {
  const at = (days: number) => now - days * DAY;
  const site = { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } };
  await environment(t, 'staging', { name: 'Staging EU', ...site });
  await environment(t, 'prod', { name: 'Production', ...site });
  const checkout = (await newCase(t, { name: 'Checkout works' })).id;
  const login = (await newCase(t, { name: 'Login works' })).id;
  const other = await createOrg(t.app.deps);
  const theirCase = (await newCase({ app: t.app, org: other }, { name: 'Checkout works' })).id;
  const theirRun = await insertRun(t.app.deps.db.manager, {
    orgId: other.orgId,
    createdAt: at(2.5),
    status: 'failed',
    testCaseId: theirCase,
    environmentSlug: 'staging',
    trigger: { deployment: { commitSha: theirCommit } },
  });
  return { checkout, login, at, other, theirCase, theirRun };
}

/**
 * The console's calls typed from the API's own endpoint definitions (`import type` only: nothing of
 * the API is bundled). A field the API renames or removes fails `npm run check` here and in every view
 * that reads it, not on a person's screen (test/tools/console-contract.test.ts proves it).
 */
import type { Endpoint } from '../../../api/pipeline/model';
import type environmentList from '../../../api/endpoints/environments/list';
import type runEvidence from '../../../api/endpoints/runs/evidence';
import type runGet from '../../../api/endpoints/runs/get.v1';
import type runList from '../../../api/endpoints/runs/list.v1';
import type runsGet from '../../../api/endpoints/runs/get.rest';
import type runsTry from '../../../api/endpoints/runs/try';
import type testCaseCreate from '../../../api/endpoints/test-cases/create';
import type testCaseGet from '../../../api/endpoints/test-cases/get';
import type testCaseList from '../../../api/endpoints/test-cases/list';
import type testCaseUpdateSteps from '../../../api/endpoints/test-cases/update-steps';
import type testCasesVersions from '../../../api/endpoints/test-cases/versions';
import type testCasesUpdateSettings from '../../../api/endpoints/test-cases/update-settings';
import type testPlanCreate from '../../../api/endpoints/test-plans/create';
import type webhooksDeliveries from '../../../api/endpoints/webhooks/deliveries';
import type webhooksList from '../../../api/endpoints/webhooks/list';
import type auditList from '../../../api/endpoints/audit/list';
import type keysCreate from '../../../api/endpoints/keys/create';
import type keysList from '../../../api/endpoints/keys/list';
import type membersList from '../../../api/endpoints/members/list';
import type schedulesGet from '../../../api/endpoints/schedules/get';
import type schedulesList from '../../../api/endpoints/schedules/list';
import type testPlanList from '../../../api/endpoints/test-plans/list';
import type testPlanGet from '../../../api/endpoints/test-plans/get';
import type runTrigger from '../../../api/endpoints/runs/trigger';
import type planGroupsGet from '../../../api/endpoints/plan-groups/get';
import type planGroupsList from '../../../api/endpoints/plan-groups/list';
import type insightsFailureCauses from '../../../api/endpoints/insights/failure-causes';
import type insightsFlaky from '../../../api/endpoints/insights/flaky';
import type insightsPassRate from '../../../api/endpoints/insights/pass-rate';
import type insightsSlowSteps from '../../../api/endpoints/insights/slow-steps';
import type testCasesHealth from '../../../api/endpoints/test-cases/health';
import type testCasesHistory from '../../../api/endpoints/test-cases/history';
import type runRerun from '../../../api/endpoints/runs/rerun';
import type runsRerun from '../../../api/endpoints/runs/rerun-one';
import type consoleSessionGet from '../../../api/endpoints/console-sessions/get';
import type consoleSessionCreate from '../../../api/endpoints/console-sessions/create';
import type channelsCreate from '../../../api/endpoints/notification-channels/create';
import type channelsList from '../../../api/endpoints/notification-channels/list';
import type channelsMessages from '../../../api/endpoints/notification-channels/deliveries';
import type channelsTest from '../../../api/endpoints/notification-channels/send-test';
import type connectionsGetGithub from '../../../api/endpoints/commit-connections/get';
import type connectionsPutGithub from '../../../api/endpoints/commit-connections/put';
import type { getGitlab, putGitlab } from '../../../api/endpoints/commit-connections/gitlab';
import type plansGeneration from '../../../api/endpoints/plans/generation';
import { call, v1, type CallOptions } from './api';

/** The v1 operations the console calls, by their names. */
interface Operations {
  'environment.list': typeof environmentList;
  'run.evidence': typeof runEvidence;
  'run.get': typeof runGet;
  'run.list': typeof runList;
  'test_case.create': typeof testCaseCreate;
  'test_case.get': typeof testCaseGet;
  'test_case.list': typeof testCaseList;
  'test_case.update_steps': typeof testCaseUpdateSteps;
  'test_plan.create': typeof testPlanCreate;
  'test_plan.get': typeof testPlanGet;
  'test_plan.list': typeof testPlanList;
  'run.trigger': typeof runTrigger;
}

/** The REST endpoints the console calls, by their names. */
interface Routes {
  'runs.get': typeof runsGet;
  'runs.try': typeof runsTry;
  'test_cases.versions': typeof testCasesVersions;
  'test_cases.update_settings': typeof testCasesUpdateSettings;
  'webhooks.deliveries': typeof webhooksDeliveries;
  'webhooks.list': typeof webhooksList;
  'audit.list': typeof auditList;
  'keys.create': typeof keysCreate;
  'keys.list': typeof keysList;
  'members.list': typeof membersList;
  'schedules.get': typeof schedulesGet;
  'schedules.list': typeof schedulesList;
  'plan_groups.get': typeof planGroupsGet;
  'plan_groups.list': typeof planGroupsList;
  'insights.failure_causes': typeof insightsFailureCauses;
  'insights.flaky': typeof insightsFlaky;
  'insights.pass_rate': typeof insightsPassRate;
  'insights.slow_steps': typeof insightsSlowSteps;
  'test_cases.health': typeof testCasesHealth;
  'test_cases.history': typeof testCasesHistory;
  'run.rerun': typeof runRerun;
  'runs.rerun': typeof runsRerun;
  'console_session.get': typeof consoleSessionGet;
  'console_session.create': typeof consoleSessionCreate;
  'notification_channels.create': typeof channelsCreate;
  'notification_channels.list': typeof channelsList;
  'notification_channels.messages': typeof channelsMessages;
  'notification_channels.test': typeof channelsTest;
  'commit_connections.get_github': typeof connectionsGetGithub;
  'commit_connections.put_github': typeof connectionsPutGithub;
  'commit_connections.get_gitlab': typeof getGitlab;
  'commit_connections.put_gitlab': typeof putGitlab;
  'plans.generation': typeof plansGeneration;
}

/**
 * An answer's declared fields only. A passthrough schema also admits any other name as `unknown`,
 * which a view could test for truth and still compile after the API renamed it; without the index
 * signature, reading a field the schema does not declare fails the build, naming the field.
 */
export type Declared<T> =
  T extends ReadonlyArray<infer U>
    ? Declared<U>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : K]: Declared<T[K]> }
      : T;

/** What an endpoint takes (its parsed input) and answers. */
export type InputOf<E> = E extends Endpoint<infer I, any, any> ? I : never;
export type AnswerOf<E> = E extends Endpoint<any, infer O, any> ? Declared<O> : never;

export type Operation = keyof Operations;
/** The answer of a v1 operation, e.g. `Answer<'test_case.get'>`. */
export type Answer<N extends Operation> = AnswerOf<Operations[N]>;
/** The answer of a REST endpoint, e.g. `RouteAnswer<'test_cases.versions'>`. */
export type RouteAnswer<N extends keyof Routes> = AnswerOf<Routes[N]>;
/** The body a REST endpoint takes (its params and query are in the path). */
export type RouteBody<N extends keyof Routes> = InputOf<Routes[N]>;

/** A v1 operation, its body and answer typed by the operation's definition. */
export const op = <N extends Operation>(name: N, body: InputOf<Operations[N]>): Promise<Answer<N>> =>
  v1<Answer<N>>(name, body as Record<string, unknown>);

/** A REST endpoint by name, at `path` (its params filled in), its answer typed by its definition. */
export const route = <N extends keyof Routes>(
  _name: N,
  method: string,
  path: string,
  options?: CallOptions,
): Promise<RouteAnswer<N>> => call<RouteAnswer<N>>(method, path, options);

/** The shapes several views share, named once. */
export type RunState = Answer<'run.get'>;
export type RunEvidence = Answer<'run.evidence'>;
export type EvidenceStep = RunEvidence['steps'][number];
/** A Run as run.list lists it. */
export type RunSummary = Answer<'run.list'>['items'][number];

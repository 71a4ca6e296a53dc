/**
 * The console's calls typed from the API's own endpoint definitions (`import type` only: nothing of
 * the API is bundled). A field the API renames or removes fails `npm run check` here and in every view
 * that reads it, not on a person's screen (test/tools/console-contract.test.ts proves it).
 */
import type { Endpoint } from '../../../api/pipeline/model';
import type environmentList from '../../../api/endpoints/environments/list';
import type runEvidence from '../../../api/endpoints/runs/evidence';
import type runGet from '../../../api/endpoints/runs/get.v1';
import type runsGet from '../../../api/endpoints/runs/get.rest';
import type runsTry from '../../../api/endpoints/runs/try';
import type testCaseCreate from '../../../api/endpoints/test-cases/create';
import type testCaseGet from '../../../api/endpoints/test-cases/get';
import type testCaseList from '../../../api/endpoints/test-cases/list';
import type testCaseUpdateSteps from '../../../api/endpoints/test-cases/update-steps';
import type testCasesVersions from '../../../api/endpoints/test-cases/versions';
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
import { call, v1, type CallOptions } from './api';

/** The v1 operations the console calls, by their names. */
interface Operations {
  'environment.list': typeof environmentList;
  'run.evidence': typeof runEvidence;
  'run.get': typeof runGet;
  'test_case.create': typeof testCaseCreate;
  'test_case.get': typeof testCaseGet;
  'test_case.list': typeof testCaseList;
  'test_case.update_steps': typeof testCaseUpdateSteps;
  'test_plan.create': typeof testPlanCreate;
  'test_plan.list': typeof testPlanList;
}

/** The REST endpoints the console calls, by their names. */
interface Routes {
  'runs.get': typeof runsGet;
  'runs.try': typeof runsTry;
  'test_cases.versions': typeof testCasesVersions;
  'webhooks.deliveries': typeof webhooksDeliveries;
  'webhooks.list': typeof webhooksList;
  'audit.list': typeof auditList;
  'keys.create': typeof keysCreate;
  'keys.list': typeof keysList;
  'members.list': typeof membersList;
  'schedules.get': typeof schedulesGet;
  'schedules.list': typeof schedulesList;
}

/** What an endpoint takes (its parsed input) and answers. */
export type InputOf<E> = E extends Endpoint<infer I, any, any> ? I : never;
export type AnswerOf<E> = E extends Endpoint<any, infer O, any> ? O : never;

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

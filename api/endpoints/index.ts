import type { Endpoint } from './model';
import artifactsScan from './artifacts.scan';
import artifactsUpload from './artifacts.upload';
import artifactsUploadUrl from './artifacts.upload_url';
import docsPage from './docs.page';
import docsScript from './docs.script';
import environmentGet from './environment.get';
import environmentList from './environment.list';
import environmentUpsert from './environment.upsert';
import evidenceMedia from './evidence.media';
import flowsGet from './flows.get';
import flowsPut from './flows.put';
import noteComment from './note.comment';
import noteCreate from './note.create';
import noteList from './note.list';
import oauthProtectedResource from './oauth.protected_resource';
import planGroupsGet from './plan_groups.get';
import planGroupsList from './plan_groups.list';
import plansCreate from './plans.create';
import plansGenerate from './plans.generate';
import plansList from './plans.list';
import reportsPlanGroup from './reports.plan_group';
import reportsRun from './reports.run';
import retentionGet from './retention.get';
import retentionPut from './retention.put';
import runEvidence from './run.evidence';
import runGet from './run.get.v1';
import runList from './run.list.v1';
import runRerun from './run.rerun';
import runTrigger from './run.trigger';
import runRequestsCreate from './run_requests.create';
import runRequestsStatus from './run_requests.status';
import runnerValues from './runner.values';
import runsAssurance from './runs.assurance';
import runsCancel from './runs.cancel';
import runsGet from './runs.get.rest';
import runsList from './runs.list.rest';
import runsPin from './runs.pin';
import runsReportStep from './runs.report_step';
import runsTrace from './runs.trace';
import runsUnpin from './runs.unpin';
import runsVisualAccept from './runs.visual_accept';
import storageReadLocal from './storage.read_local';
import testCaseCreate from './test_case.create';
import testCaseGet from './test_case.get';
import testCaseList from './test_case.list';
import testCaseUpdateSteps from './test_case.update_steps';
import testPlanCreate from './test_plan.create';
import testPlanGet from './test_plan.get';
import testPlanList from './test_plan.list';
import testPlanSetMembers from './test_plan.set_members';
import webhooksCreate from './webhooks.create';
import webhooksDelete from './webhooks.delete';
import webhooksDeliveries from './webhooks.deliveries';
import webhooksGet from './webhooks.get';
import webhooksList from './webhooks.list';
import webhooksRedeliver from './webhooks.redeliver';
import webhooksRotateSecret from './webhooks.rotate_secret';
import webhooksTest from './webhooks.send_test';
import webhooksUpdate from './webhooks.update';
import testCasesHealth from './test_cases.health';
import insightsFlaky from './insights.flaky';
import insightsPassRate from './insights.pass_rate';
import insightsSlowSteps from './insights.slow_steps';
import testCasesQuarantine from './test_cases.quarantine';
import testCasesRelease from './test_cases.release';
import quarantinePolicyGet from './quarantine_policy.get';
import quarantinePolicyPut from './quarantine_policy.put';
import schedulesCreate from './schedules.create';
import schedulesList from './schedules.list';
import schedulesGet from './schedules.get';
import schedulesUpdate from './schedules.update';
import schedulesDelete from './schedules.delete';
import schedulesPause from './schedules.pause';
import schedulesResume from './schedules.resume';
import schedulesTrigger from './schedules.trigger';
import consoleAsset from './console.asset';
import consolePage from './console.page';
import consoleRedirect from './console.redirect';
import consoleSessionGet from './console_session.get';
import consoleSessionCreate from './console_session.create';
import consoleSessionDelete from './console_session.delete';
import consoleOidcStart from './console_oidc.start';
import consoleOidcCallback from './console_oidc.callback';

/**
 * Every endpoint of the API, defined once. The surfaces (api/surfaces: v1, REST, MCP, OpenAPI) are
 * loops over this list; nothing here knows them. The v1 operations come first, in the order their
 * MCP tools are listed.
 */
export const endpoints: Endpoint[] = [
  testCaseList,
  testCaseGet,
  testCaseCreate,
  testCaseUpdateSteps,
  testPlanList,
  testPlanGet,
  testPlanCreate,
  testPlanSetMembers,
  runTrigger,
  runList,
  runGet,
  runEvidence,
  runRerun,
  environmentList,
  environmentGet,
  environmentUpsert,
  noteList,
  noteCreate,
  noteComment,
  oauthProtectedResource,
  runsList,
  runsGet,
  runsReportStep,
  runsCancel,
  runsTrace,
  planGroupsGet,
  planGroupsList,
  reportsRun,
  reportsPlanGroup,
  docsPage,
  docsScript,
  runsAssurance,
  evidenceMedia,
  storageReadLocal,
  runnerValues,
  artifactsUploadUrl,
  artifactsUpload,
  artifactsScan,
  plansList,
  plansCreate,
  plansGenerate,
  flowsGet,
  flowsPut,
  runRequestsCreate,
  runRequestsStatus,
  webhooksCreate,
  webhooksList,
  webhooksGet,
  webhooksUpdate,
  webhooksDelete,
  webhooksRotateSecret,
  webhooksTest,
  webhooksDeliveries,
  webhooksRedeliver,
  retentionGet,
  retentionPut,
  runsPin,
  runsUnpin,
  runsVisualAccept,
  testCasesHealth,
  insightsFlaky,
  insightsPassRate,
  insightsSlowSteps,
  schedulesCreate,
  schedulesList,
  schedulesGet,
  schedulesUpdate,
  schedulesDelete,
  schedulesPause,
  schedulesResume,
  schedulesTrigger,
  testCasesQuarantine,
  testCasesRelease,
  quarantinePolicyGet,
  quarantinePolicyPut,
  consoleSessionGet,
  consoleSessionCreate,
  consoleSessionDelete,
  consoleOidcStart,
  consoleOidcCallback,
  // The assets' route before the page's, whose pattern also matches /console/assets/….
  consoleAsset,
  consolePage,
  consoleRedirect,
];

export const endpointsByName = new Map(endpoints.map((e) => [e.name, e]));

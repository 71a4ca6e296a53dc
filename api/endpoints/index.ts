import type { Endpoint } from '../pipeline/model';
import artifactsScan from './artifacts/scan';
import artifactsUpload from './artifacts/upload';
import artifactsUploadUrl from './artifacts/upload-url';
import docsPage from './docs/page';
import docsScript from './docs/script';
import environmentGet from './environments/get';
import environmentList from './environments/list';
import environmentUpsert from './environments/upsert';
import evidenceMedia from './evidence/media';
import flowsGet from './flows/get';
import flowsPut from './flows/put';
import noteComment from './notes/comment';
import noteCreate from './notes/create';
import noteList from './notes/list';
import oauthProtectedResource from './oauth/protected-resource';
import planGroupsGet from './plan-groups/get';
import planGroupsList from './plan-groups/list';
import plansCreate from './plans/create';
import plansGenerate from './plans/generate';
import plansGeneration from './plans/generation';
import plansList from './plans/list';
import reportsPlanGroup from './reports/plan-group';
import reportsRun from './reports/run';
import retentionGet from './retention/get';
import retentionPut from './retention/put';
import runEvidence from './runs/evidence';
import runGet from './runs/get.v1';
import runList from './runs/list.v1';
import runRerun from './runs/rerun';
import runsRerun from './runs/rerun-one';
import runTrigger from './runs/trigger';
import runRequestsCreate from './run-requests/create';
import runRequestsStatus from './run-requests/status';
import runnerValues from './runner/values';
import runsAssurance from './runs/assurance';
import runsCancel from './runs/cancel';
import runsGet from './runs/get.rest';
import runsList from './runs/list.rest';
import runsPin from './runs/pin';
import runsReportStep from './runs/report-step';
import runsTrace from './runs/trace';
import runsHar from './runs/har';
import runsTraceSigned from './runs/trace-signed';
import runsTraceViewer from './runs/trace-viewer-link';
import runsVideo from './runs/video';
import runsVideoSigned from './runs/video-signed';
import runsUnpin from './runs/unpin';
import runsVisualAccept from './runs/visual-accept';
import runsExportCsv from './runs/export-csv';
import savedViewsCreate from './saved-views/create';
import savedViewsList from './saved-views/list';
import savedViewsDelete from './saved-views/delete';
import storageReadLocal from './storage/read-local';
import testCaseCreate from './test-cases/create';
import testCaseGet from './test-cases/get';
import testCaseList from './test-cases/list';
import testCaseUpdateSteps from './test-cases/update-steps';
import testPlanCreate from './test-plans/create';
import testPlanGet from './test-plans/get';
import testPlanList from './test-plans/list';
import testPlanSetMembers from './test-plans/set-members';
import commitConnectionsDelete from './commit-connections/delete';
import commitConnectionsGet from './commit-connections/get';
import commitConnectionsPut from './commit-connections/put';
import { deleteGitlab, getGitlab, putGitlab } from './commit-connections/gitlab';
import notificationChannelsCreate from './notification-channels/create';
import notificationChannelsDelete from './notification-channels/delete';
import notificationChannelsMessages from './notification-channels/deliveries';
import notificationChannelsGet from './notification-channels/get';
import notificationChannelsList from './notification-channels/list';
import notificationChannelsTest from './notification-channels/send-test';
import notificationChannelsUpdate from './notification-channels/update';
import webhooksCreate from './webhooks/create';
import webhooksDelete from './webhooks/delete';
import webhooksDeliveries from './webhooks/deliveries';
import webhooksGet from './webhooks/get';
import webhooksList from './webhooks/list';
import webhooksRedeliver from './webhooks/redeliver';
import webhooksRotateSecret from './webhooks/rotate-secret';
import webhooksTest from './webhooks/send-test';
import webhooksUpdate from './webhooks/update';
import testCasesHealth from './test-cases/health';
import insightsFlaky from './insights/flaky';
import insightsPassRate from './insights/pass-rate';
import insightsSlowSteps from './insights/slow-steps';
import insightsFailureCauses from './insights/failure-causes';
import testCasesHistory from './test-cases/history';
import testCasesQuarantine from './test-cases/quarantine';
import testCasesRelease from './test-cases/release';
import quarantinePolicyGet from './quarantine-policy/get';
import quarantinePolicyPut from './quarantine-policy/put';
import schedulesCreate from './schedules/create';
import schedulesList from './schedules/list';
import schedulesGet from './schedules/get';
import schedulesUpdate from './schedules/update';
import schedulesDelete from './schedules/delete';
import schedulesPause from './schedules/pause';
import schedulesResume from './schedules/resume';
import schedulesTrigger from './schedules/trigger';
import consoleAsset from './console/asset';
import consoleTraceViewer from './console/trace-viewer';
import consolePage from './console/page';
import consoleRedirect from './console/redirect';
import consoleSessionGet from './console-sessions/get';
import consoleSessionCreate from './console-sessions/create';
import consoleSessionDelete from './console-sessions/delete';
import consoleOidcStart from './console-oidc/start';
import consoleOidcCallback from './console-oidc/callback';
import keysList from './keys/list';
import keysCreate from './keys/create';
import keysRevoke from './keys/revoke';
import membersList from './members/list';
import auditList from './audit/list';
import testCasesVersions from './test-cases/versions';
import testCasesUpdateSettings from './test-cases/update-settings';
import runsTry from './runs/try';

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
  runsExportCsv,
  runsGet,
  runsReportStep,
  runsCancel,
  runsTrace,
  runsHar,
  runsTraceViewer,
  runsVideo,
  runsVideoSigned,
  runsTraceSigned,
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
  plansGeneration,
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
  notificationChannelsCreate,
  notificationChannelsList,
  notificationChannelsGet,
  notificationChannelsUpdate,
  notificationChannelsDelete,
  notificationChannelsTest,
  notificationChannelsMessages,
  commitConnectionsPut,
  commitConnectionsGet,
  commitConnectionsDelete,
  putGitlab,
  getGitlab,
  deleteGitlab,
  retentionGet,
  retentionPut,
  runsPin,
  runsUnpin,
  runsVisualAccept,
  runsRerun,
  testCasesHealth,
  insightsFlaky,
  insightsPassRate,
  insightsSlowSteps,
  insightsFailureCauses,
  testCasesHistory,
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
  savedViewsList,
  savedViewsCreate,
  savedViewsDelete,
  consoleSessionGet,
  consoleSessionCreate,
  consoleSessionDelete,
  consoleOidcStart,
  consoleOidcCallback,
  membersList,
  keysList,
  keysCreate,
  keysRevoke,
  auditList,
  testCasesVersions,
  testCasesUpdateSettings,
  runsTry,
  // The assets' route before the page's, whose pattern also matches /console/assets/….
  consoleAsset,
  consoleTraceViewer,
  consolePage,
  consoleRedirect,
];

export const endpointsByName = new Map(endpoints.map((e) => [e.name, e]));

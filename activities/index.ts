import type { ActivityDeps } from './deps';
import { orchestrationActivities } from './run/orchestration';
import { runnerActivities, type RunnerDeps } from './run/web';
import { apiRunnerActivities, type ApiRunnerDeps } from './run/api';
import { scanActivities } from './scan';
import { runRequestActivities } from './run-request';
import { planGenerationActivities } from './plan-generation';
import { generationRunnerActivities } from './plan-generation/explore';
import { assuranceActivities } from './assurance';
import { webhookActivities, webhookAttemptActivities } from './webhooks';
import { retentionActivities } from './retention';
import { scheduleActivities } from './schedules';
import { planGroupActivities } from './plan-group';
import { notificationActivities, notificationAttemptActivities } from './notifications';
import { commitReportActivities } from './commit-report';

/** Activities of the orchestration task queue. */
export function createOrchestrationActivities(deps: ActivityDeps) {
  return {
    ...orchestrationActivities(deps),
    ...scanActivities(deps),
    ...runRequestActivities(deps),
    ...planGenerationActivities(deps),
    ...assuranceActivities(deps),
    ...webhookActivities(deps),
    ...retentionActivities(deps),
    ...scheduleActivities(deps),
    ...planGroupActivities(deps),
    ...notificationActivities(deps),
    ...commitReportActivities(deps),
  };
}

/** Activities of the webhook task queue (`webhooks`): signed delivery attempts and channel messages. */
export function createWebhookAttemptActivities(deps: ActivityDeps) {
  return { ...webhookAttemptActivities(deps), ...notificationAttemptActivities(deps) };
}

/** Activities of the API runner task queue (`runner-api`). */
export function createApiRunnerActivities(deps: ApiRunnerDeps) {
  return { ...apiRunnerActivities(deps) };
}

/** Activities of a runner task queue (`runner-web`): Runs, and plan generations that explore an Environment. */
export function createRunnerActivities(deps: RunnerDeps) {
  return { ...runnerActivities(deps), ...generationRunnerActivities(deps) };
}

export type { ActivityDeps, RunnerDeps };

/** Workflow functions only: this file is the worker's workflow bundle entry point. */
export { runWorkflow } from './run.workflow';
export { planGroupWorkflow } from './plan-group.workflow';
export { artifactScanWorkflow } from './artifact-scan.workflow';
export { runRequestWorkflow } from './run-request.workflow';
export { planGenerationWorkflow } from './plan-generation.workflow';
export { assuranceWorkflow } from './assurance.workflow';
export { webhookEventWorkflow, webhookDeliveryWorkflow } from './webhook.workflow';
export { retentionPurgeWorkflow } from './retention.workflow';
export { scheduledPlanWorkflow } from './scheduled-plan.workflow';
export { notificationDeliveryWorkflow } from './notification.workflow';
export { commitReportWorkflow } from './commit-report.workflow';

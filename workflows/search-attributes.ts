import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes of Run workflows, so an operator finds a Run in the Temporal UI
 * (e.g. `QaRunStatus = "failed" AND QaOrgId = "org_…"`). The dev server registers the names
 * listed in search-attributes.json; keep the two in step.
 */
export const QaOrgId = defineSearchAttributeKey('QaOrgId', SearchAttributeType.KEYWORD);
export const QaRunId = defineSearchAttributeKey('QaRunId', SearchAttributeType.KEYWORD);
export const QaTestPlanId = defineSearchAttributeKey('QaTestPlanId', SearchAttributeType.KEYWORD);
export const QaEnvironment = defineSearchAttributeKey('QaEnvironment', SearchAttributeType.KEYWORD);
export const QaRunStatus = defineSearchAttributeKey('QaRunStatus', SearchAttributeType.KEYWORD);

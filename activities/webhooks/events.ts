import type { EntityManager } from 'typeorm';
import type { Config } from '../../core/config';
import type { WebhookEvent, WebhookEventData } from '../../core/webhooks';
import type { Run, RunStep } from '../../db/entities/runs';
import { runRepository } from '../../db/repositories/runs';
import { runRequestRepository } from '../../db/repositories/run-requests';
import { scheduleRepository } from '../../db/repositories/schedules';
import { quarantineRepository } from '../../db/repositories/quarantine';
import { runOutcome } from '../../domain/runs/status';
import type { WebhookEventWorkflowInput } from '../../workflows/contracts';
import { reportLinks, signedReportUrl } from '../../domain/runs/report-links';

const finished = (s: RunStep) => s.status === 'passed' || s.status === 'failed' || s.status === 'skipped';

const progressOf = (steps: RunStep[]) => ({
  total: steps.length,
  completed: steps.filter(finished).length,
  passed: steps.filter((s) => s.status === 'passed').length,
  failed: steps.filter((s) => s.status === 'failed').length,
  skipped: steps.filter((s) => s.status === 'skipped').length,
});

/** A group's status is its worst Run's, in this order. */
const severity = ['failed', 'invalid', 'unverified', 'canceled', 'passing'];
const worst = (runs: Run[]) =>
  runs.map((r) => r.status).sort((a, b) => severity.indexOf(a) - severity.indexOf(b))[0] ?? 'canceled';

/** A group's status and verdict: its worst gating Run's (a quarantined case's Run gates nothing). */
export function groupOutcome(runs: Run[]) {
  const gating = runs.filter((r) => !r.quarantined);
  const status = (gating.length ? worst(gating) : 'passing') as Run['status'];
  return {
    status,
    outcome: runOutcome(
      status,
      gating.some((r) => r.flaky),
    ),
  };
}

/** Absent fields are omitted, never null. */
const present = (value: Record<string, unknown>): WebhookEventData =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as WebhookEventData;

/** The thin fields of one Run: ids, status and trigger metadata; never media links or values. */
function runData(
  config: Pick<Config, 'BASE_URL' | 'SIGNING_KEY' | 'REPORT_LINK_TTL_DAYS'>,
  run: Run,
  steps: RunStep[],
): WebhookEventData {
  const outcome = runOutcome(run.status, run.flaky);
  return present({
    runId: run.id,
    planGroupRunId: run.planGroupId,
    testPlanId: run.testPlanId,
    environmentSlug: run.environmentSlug,
    status: run.status,
    verdict: outcome.verdict,
    validity: outcome.validity,
    progress: progressOf(steps),
    flaky: run.flaky,
    branch: run.branch ?? run.trigger.branch,
    commitSha: run.trigger.deployment?.commitSha,
    pr: run.trigger.pr,
    // The signed report page: a link a teammate opens without a credential (docs/interface.md).
    reportUrl: signedReportUrl(reportLinks(config), 'run', run.id),
    completedAt: run.finishedAt ?? run.updatedAt,
  });
}

/** Builds the payload of an event from the records as they are now; null when the subject is gone. */
export async function buildEvent(
  db: EntityManager,
  config: Pick<Config, 'BASE_URL' | 'SIGNING_KEY' | 'REPORT_LINK_TTL_DAYS'>,
  input: WebhookEventWorkflowInput,
  now: number,
): Promise<WebhookEvent | null> {
  const event = (data: WebhookEventData): WebhookEvent => ({
    type: input.type,
    timestamp: new Date(now).toISOString(),
    data,
  });
  if (input.type === 'run.completed' || input.type === 'assurance.ready') {
    const run = await runRepository.byId(db, input.subjectId);
    if (!run) return null;
    const steps = (await runRepository.steps(db, [run.id])).get(run.id) ?? [];
    const data = runData(config, run, steps);
    return event(
      input.type === 'assurance.ready'
        ? { ...data, reportUrl: `${config.BASE_URL}/api/runs/${run.id}/assurance` }
        : data,
    );
  }
  if (input.type === 'plan_group.completed') {
    const data = await groupData(db, config, input.subjectId);
    return data && event(data);
  }
  if (input.type === 'test_case.quarantined' || input.type === 'test_case.released') {
    const happened = await quarantineRepository.event(db, input.subjectId);
    if (!happened) return null;
    return event(
      present({
        testCaseId: happened.testCaseId,
        status: happened.kind,
        reason: happened.reason,
        source: happened.source,
        completedAt: happened.at,
      }),
    );
  }
  if (input.type === 'schedule.state_changed') {
    const fire = await scheduleRepository.fireOfGroup(db, input.subjectId);
    const data = fire?.stateTo ? await groupData(db, config, input.subjectId) : null;
    if (!fire?.stateTo || !data) return null;
    return event(
      present({
        ...data,
        scheduleId: fire.scheduleId,
        state: fire.stateTo,
        previousState: fire.stateFrom,
        recovered: fire.recovered,
      }),
    );
  }
  const request = await runRequestRepository.byId(db, input.subjectId);
  if (!request) return null;
  const runIds = (await runRequestRepository.entries(db, request.id))
    .map((e) => e.runId)
    .filter((id): id is string => !!id);
  return event(
    present({
      runId: runIds[0],
      runIds,
      runRequestId: request.id,
      status: request.status,
      reportUrl: `${config.BASE_URL}/api/run-requests/status?id=${request.id}`,
      completedAt: request.completedAt ?? request.updatedAt,
    }),
  );
}

/** The fields of a plan group's event: its worst status, every Run, the group's report link. */
async function groupData(
  db: EntityManager,
  config: Pick<Config, 'BASE_URL' | 'SIGNING_KEY' | 'REPORT_LINK_TTL_DAYS'>,
  planGroupId: string,
): Promise<WebhookEventData | null> {
  const runs = await runRepository.byPlanGroup(db, planGroupId);
  if (!runs.length) return null;
  const steps = await runRepository.steps(
    db,
    runs.map((r) => r.id),
  );
  const first = runData(config, runs[0], steps.get(runs[0].id) ?? []);
  const { status, outcome } = groupOutcome(runs);
  return present({
    ...first,
    runIds: runs.map((r) => r.id),
    planGroupRunId: planGroupId,
    reportUrl: signedReportUrl(reportLinks(config), 'group', planGroupId),
    status,
    verdict: outcome.verdict,
    validity: outcome.validity,
    progress: progressOf(runs.flatMap((r) => steps.get(r.id) ?? [])),
    flaky: runs.some((r) => r.flaky),
    completedAt: Math.max(...runs.map((r) => r.finishedAt ?? r.updatedAt)),
  });
}

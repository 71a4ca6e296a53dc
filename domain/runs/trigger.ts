import { z } from 'zod';
import type { RunApiSettings, RunTrigger, Targets } from '../../core/runs';
import type { EntityManager } from 'typeorm';
import type { Run, RunStep } from '../../db/entities/runs';
import type { Environment } from '../../db/entities';
import { environmentRepository } from '../../db/repositories/environments';
import { runRepository } from '../../db/repositories/runs';
import { quarantineRepository } from '../../db/repositories/quarantine';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { planSchedulingRepository } from '../../db/repositories/plan-scheduling';
import { testCaseRevisions } from '../../db/repositories/test-case-revisions';
import { AppError, invalid, notFound } from '../../core/errors';
import { idOf as id, newId } from '../../core/ids';
import { platforms } from '../../core/runs';
import { failFastSetting, slug, variableName } from '../../core/steps';
import type { SecretBox } from '../../core/crypto';
import { artifactGate } from '../artifacts/gate';
import { planUnits, withAccessibility, type RunUnit } from './units';
import { runVisualSettings } from '../../core/visual';
import { accessibilitySetting, runAccessibilitySettings } from '../../core/accessibility';
import { selectMember } from './changed';
import type { MemberSelection } from '../../db/entities/runs';

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const triggerTargets = z
  .strictObject({
    web: z.strictObject({ baseUrl: httpUrl.describe('Base address of the deployment under test.') }).optional(),
    api: z
      .strictObject({
        baseUrl: httpUrl.optional(),
        runtimeValues: z
          .record(variableName, z.string().max(10_000))
          .refine((r) => Object.keys(r).length <= 100, 'at most 100 runtime values')
          .optional()
          .describe('Runtime values for this Run only; write-only, sealed at rest, never returned.'),
      })
      .optional(),
    android: z.strictObject({ storageId: id('sto').describe('An uploaded artifact whose scan is clean.') }).optional(),
    ios: z.strictObject({ storageId: id('sto').describe('An uploaded artifact whose scan is clean.') }).optional(),
  })
  .describe("Explicit targets for a fresh deployment or artifact; they override the Environment's.");

/** Fields of run.trigger (and, reshaped, of POST /api/trigger). */
export const triggerFields = {
  testCaseId: id('tc').optional().describe('Exactly one of testCaseId and testPlanId.'),
  testPlanId: id('tp').optional().describe('A plan queues one Run per member Test Case.'),
  platforms: platforms.optional().describe("Platforms to run on; defaults to the Test Case's."),
  environmentSlug: slug.optional().describe('A saved Environment to run against.'),
  targets: triggerTargets.optional(),
  branch: z.string().min(1).max(255).optional(),
  pr: z.string().min(1).max(100).optional(),
  deployment: z
    .strictObject({
      commitSha: z
        .string()
        .regex(/^[0-9a-fA-F]{7,64}$/, 'a git commit sha')
        .optional(),
      provider: z.string().max(100).optional(),
      branch: z.string().max(255).optional(),
      repository: z
        .string()
        .max(200)
        .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'owner/name')
        .optional()
        .describe(
          'The repository the commit is in (owner/name). With commitSha and a connected GitHub, a plan ' +
            'group reports a check run on the commit (and one comment on `pr`).',
        ),
    })
    .optional(),
  scope: z.enum(['changed', 'all']).optional().describe('"changed" when only tests touched by changedFiles matter.'),
  changedFiles: z.array(z.string().min(1).max(1000)).max(1000).optional(),
  failFast: failFastSetting
    .optional()
    .describe(
      "Plans only: stop the plan group early (overrides the plan's own failFast). Members canceled by it end " +
        'canceled (never failed), with the reason.',
    ),
  cancelSuperseded: z
    .boolean()
    .optional()
    .describe(
      'Plans only: cancel the unfinished members of older plan groups of the same plan, Environment and branch.',
    ),
  accessibility: accessibilitySetting
    .optional()
    .describe(
      "This trigger's accessibility check of its web Runs (axe-core on each page they visit); overrides the Test " +
        "Case's own setting and the plan's config.accessibility. Omitted: the case's setting, else the plan's, else off.",
    ),
  video: z
    .boolean()
    .optional()
    .describe(
      "Record a video of its web Runs, up to a Run's first secret (then it stops, as the trace does); organization " +
        "only, kept as long as the trace. Overrides the Test Case's settings.video and the plan's config.video. " +
        "Omitted: the case's setting, else the plan's, else no video.",
    ),
};
const triggerInput = z.object(triggerFields);
export type TriggerInput = z.infer<typeof triggerInput>;

export interface QueuedRuns {
  runIds: string[];
  planGroupRunId?: string;
  /** With `scope: "changed"` on a plan: every member, whether it runs and why. */
  selection?: MemberSelection[];
  /** With `cancelSuperseded`: the older plan groups asked to cancel their unfinished members. */
  superseded?: string[];
}

/** Where recordRuns writes: the caller's transaction, for the caller's organization. */
export interface RecordContext {
  db: EntityManager;
  orgId: string;
  secrets: SecretBox;
  /** Most Runs one plan trigger may create (PLAN_GROUP_MAX_MEMBERS, or the organization's own). */
  planGroupMaxMembers?: number;
}

/**
 * Records the Runs of a trigger inside the caller's transaction (one per Test Case, or per
 * unit of a plan: its inline steps, then each member) and returns their ids; workflows start
 * after commit.
 */
export async function recordRuns(
  input: TriggerInput,
  { db, orgId, secrets, planGroupMaxMembers = Infinity }: RecordContext,
  source: RunTrigger['source'],
  scheduleId?: string,
): Promise<QueuedRuns> {
  if (!!input.testCaseId === !!input.testPlanId) throw invalid('give exactly one of testCaseId and testPlanId');
  if (input.testCaseId && (input.failFast || input.cancelSuperseded))
    throw invalid('failFast and cancelSuperseded apply to a plan group: give testPlanId');
  const plan = input.testPlanId ? await testPlanRepository.get(db, orgId, input.testPlanId) : null;
  if (input.testPlanId && !plan) throw notFound(`Test Plan ${input.testPlanId}`);
  const allUnits = plan ? await planUnits(db, orgId, plan) : [await oneCase(db, orgId, input.testCaseId!)];
  const selection =
    input.testPlanId && input.scope === 'changed'
      ? allUnits.map((unit) => selectMember(unit, input.changedFiles ?? []))
      : undefined;
  const units = selection ? allUnits.filter((_, i) => selection[i].selected) : allUnits;
  if (input.testPlanId && units.length > planGroupMaxMembers)
    throw new AppError(
      'FAILED_PRECONDITION',
      `This trigger would queue ${units.length} Runs; a plan trigger may queue at most ${planGroupMaxMembers}. ` +
        'Split the plan, or narrow it with scope "changed".',
      { limit: 'planGroupMembers', members: units.length, maxMembers: planGroupMaxMembers },
    );
  const environment = input.environmentSlug
    ? await environmentRepository.bySlug(db, orgId, input.environmentSlug)
    : null;
  if (input.environmentSlug && !environment) throw notFound(`Environment ${input.environmentSlug}`);

  const explicit = input.targets ?? {};
  const planGroupRunId = input.testPlanId ? newId('pgr') : undefined;
  const now = Date.now();
  const trigger: RunTrigger = {
    source,
    ...(scheduleId ? { scheduleId } : {}),
    branch: input.branch ?? input.deployment?.branch ?? null,
    pr: input.pr ?? null,
    deployment: input.deployment ?? null,
    scope: input.scope ?? null,
    changedFiles: input.changedFiles ?? [],
    environmentSlug: environment?.slug ?? null,
  };
  // Each Run of a Test Case names the version of the case it runs.
  const versions = await testCaseRevisions.current(
    db,
    units.flatMap((u) => (u.testCaseId ? [u.testCaseId] : [])),
  );
  const runs = units.map((unit) => {
    const testCaseVersion = unit.testCaseId ? versions.get(unit.testCaseId) : undefined;
    return draftRun({
      orgId,
      unit: {
        ...(input.accessibility ? { ...unit, accessibility: input.accessibility } : unit),
        ...(input.video !== undefined && { video: input.video }),
      },
      testPlanId: input.testPlanId ?? null,
      planGroupId: planGroupRunId ?? null,
      environment,
      explicit,
      platforms: input.platforms,
      branch: trigger.branch,
      trigger: testCaseVersion ? { ...trigger, testCaseVersion } : trigger,
      now,
    });
  });
  await artifactGate.check(
    db,
    orgId,
    runs.map((r) => r.run.targets),
  );
  if (planGroupRunId)
    await runRepository.insertPlanGroup(db, {
      id: planGroupRunId,
      orgId,
      testPlanId: input.testPlanId!,
      runCount: runs.length,
      createdAt: now,
      selection: selection ?? null,
      environmentSlug: environment?.slug ?? null,
      commitSha: input.deployment?.commitSha ?? null,
      branch: trigger.branch,
      failFastAfter: (input.failFast ?? plan?.config?.failFast)?.afterFailures ?? 0,
    });
  const superseded =
    planGroupRunId && input.cancelSuperseded
      ? await planSchedulingRepository.unfinishedOlder(db, {
          orgId,
          testPlanId: input.testPlanId!,
          environmentSlug: environment?.slug ?? null,
          branch: trigger.branch,
          id: planGroupRunId,
        })
      : undefined;
  for (const { run, steps } of runs) {
    await runRepository.insert(db, run, steps);
    for (const [name, value] of Object.entries(explicit.api?.runtimeValues ?? {})) {
      await runRepository.putValue(db, run.id, name, secrets.sealValue(run.id, name, value));
    }
  }
  await quarantineRepository.markQueued(
    db,
    runs.map((r) => r.run.id),
  );
  return {
    runIds: runs.map((r) => r.run.id),
    ...(planGroupRunId ? { planGroupRunId } : {}),
    ...(selection ? { selection } : {}),
    ...(superseded ? { superseded } : {}),
  };
}

export interface RunDraftInput {
  orgId: string;
  unit: RunUnit;
  testPlanId: string | null;
  planGroupId: string | null;
  environment: Environment | null;
  explicit: z.infer<typeof triggerTargets>;
  /** Requested platforms; the unit's own when omitted. */
  platforms?: string[];
  branch: string | null;
  trigger: RunTrigger;
  now: number;
}

/**
 * A queued Run and its pending step logs, not yet inserted. Throws INVALID_ARGUMENT when the
 * Run has no usable target (see resolveTargets).
 */
export function draftRun(d: RunDraftInput): { run: Run; steps: RunStep[] } {
  const runPlatforms = d.platforms ?? d.unit.platforms;
  const primary = runPlatforms[0];
  const targets = resolveTargets(
    runPlatforms,
    (d.environment?.targets ?? {}) as Record<string, Record<string, unknown>>,
    d.explicit,
    !!d.environment,
  );
  const runId = newId('run');
  return {
    run: {
      id: runId,
      orgId: d.orgId,
      testCaseId: d.unit.testCaseId,
      testPlanId: d.testPlanId,
      planGroupId: d.planGroupId,
      environmentId: d.environment?.id ?? null,
      environmentSlug: d.environment?.slug ?? null,
      status: 'queued',
      flaky: false,
      cursor: 1,
      attempt: 0,
      platforms: runPlatforms,
      targets,
      steps: d.unit.steps,
      branch: d.branch,
      diagnosis: null,
      api: runPlatforms.includes('api') ? apiSettings(d.unit, targets.api) : null,
      visual: runPlatforms.includes('web') ? runVisualSettings(d.unit.visual) : null,
      accessibility: runPlatforms.includes('web') ? runAccessibilitySettings(d.unit.accessibility) : null,
      recordVideo: runPlatforms.includes('web') && d.unit.video === true,
      trigger: d.trigger,
      createdAt: d.now,
      updatedAt: d.now,
      startedAt: null,
      finishedAt: null,
      pinnedAt: null,
      mediaExpiredAt: null,
    },
    steps: d.unit.steps.map((s, stepIndex) =>
      pendingStep(
        { runId, stepIndex, action: s.action, target: s.target ?? null },
        s.action === 'request' ? 'api' : primary === 'api' ? 'web' : primary,
        d.now,
      ),
    ),
  };
}

/** A step log before its Run starts: what it is and where it runs, nothing observed yet. */
export function pendingStep(
  step: Pick<RunStep, 'runId' | 'stepIndex' | 'action' | 'target'>,
  platform: string,
  now: number,
): RunStep {
  return {
    ...step,
    platform,
    status: 'pending',
    reason: null,
    observed: null,
    expectation: null,
    verdictSource: null,
    postconditionProven: false,
    recoveryCount: 0,
    diagnosis: null,
    durationMs: null,
    updatedAt: now,
  };
}

async function oneCase(db: EntityManager, orgId: string, testCaseId: string): Promise<RunUnit> {
  const testCase = await testCaseRepository.get(db, orgId, testCaseId);
  if (!testCase) throw notFound(`Test Case ${testCaseId}`);
  return {
    testCaseId: testCase.id,
    steps: testCase.steps,
    platforms: testCase.platforms,
    apiAuthProfiles: [],
    // A case run on its own has no plan: its own setting, if any (a trigger's option wins below).
    ...withAccessibility(testCase.settings?.accessibility),
    ...(testCase.settings?.video !== undefined && { video: testCase.settings.video }),
  };
}

/**
 * The non-secret targets of a Run: explicit targets win over the Environment's. A web Run needs
 * a web baseUrl, an API Run an API baseUrl (a mixed Run both); mobile Runs need an Environment or
 * targets.
 */
function resolveTargets(
  runPlatforms: string[],
  envTargets: Record<string, Record<string, unknown>>,
  explicit: z.infer<typeof triggerTargets>,
  hasEnvironment: boolean,
) {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const platform of ['web', 'api', 'android', 'ios'] as const) {
    const { runtimeValues: _secret, ...given } = (explicit[platform] ?? {}) as Record<string, unknown>;
    const combined = { ...(envTargets[platform] ?? {}), ...given };
    if (Object.keys(combined).length) merged[platform] = combined;
  }
  const primary = runPlatforms[0];
  const mixed = runPlatforms.includes('web') && runPlatforms.includes('api');
  if ((primary === 'web' || mixed) && !merged.web?.baseUrl) {
    throw invalid(
      'a web Run needs a target: pass environmentSlug of an Environment with targets.web.baseUrl, or targets.web.baseUrl',
    );
  }
  if (primary !== 'web' && !hasEnvironment && !explicit[primary as 'api']) {
    throw invalid(`a ${primary} Run needs environmentSlug or explicit targets.${primary}`);
  }
  if (runPlatforms.includes('api') && !merged.api?.baseUrl) {
    throw invalid('an API Run needs targets.api.baseUrl (on its Environment or in targets)');
  }
  // A stored OpenAPI document stays with its Environment (up to 1 MiB); the runner reads it there.
  if (merged.api) delete merged.api.openapi;
  return merged;
}

/** Fuzz probes per API Run unless the plan or the targets say otherwise. */
export const DEFAULT_MAX_FUZZ_PROBES = 50;

/** The API settings a Run snapshots: the plan's identities and the fuzz bound (either `false` turns it off). */
function apiSettings(unit: RunUnit, apiTargets: Targets['api']): RunApiSettings {
  const settings = [unit.fuzz, apiTargets?.fuzz];
  const off = settings.some((f) => f === false);
  const bounds = settings.flatMap((f) => (typeof f === 'object' ? [f.maxProbes] : []));
  return {
    authProfiles: unit.apiAuthProfiles,
    maxFuzzProbes: off ? 0 : bounds.length ? Math.min(...bounds) : DEFAULT_MAX_FUZZ_PROBES,
  };
}

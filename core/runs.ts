import { idOf } from './ids';
import { z } from 'zod';
import { fuzzSetting, type ApiAuthProfile } from './steps';

/**
 * Shapes of a Run record that the database, the domain rules, the workflows (as types) and the
 * runners share. Values never appear here: targets hold addresses and storage ids only.
 */

/** The execution states of the specification's table; the type is inferred from this one list. */
export const runStatus = z.enum([
  'queued',
  'running',
  'retrying',
  'passing',
  'failed',
  'unverified',
  'canceled',
  'invalid',
]);
export type RunStatus = z.infer<typeof runStatus>;

/**
 * The media kinds of External Evidence (the specification's signed evidence-media route). A Run's
 * Playwright trace is stored as media too, but it is a debugging artifact for the organization's
 * engineers (DOM snapshots, the call log, network bodies): never listed or linked as evidence.
 */
export const evidenceMediaKinds = ['screenshot', 'frame', 'video'] as const;
export type EvidenceMediaKind = (typeof evidenceMediaKinds)[number];
export const isEvidenceMedia = (kind: string): kind is EvidenceMediaKind =>
  (evidenceMediaKinds as readonly string[]).includes(kind);

/**
 * The media kind of a web Run's recorded video (its `video` option). Kept apart from the evidence
 * kind `video`: like the trace it is for the organization only (it shows every page as it was), with
 * the trace's short-lived links and retention, and never listed or linked as External Evidence.
 */
export const RUN_VIDEO_KIND = 'run_video';

/** Media a signed evidence link may serve: the evidence kinds, and a step's visual diff (linked from its `visual` fact). */
export const isLinkedMedia = (kind: string): boolean => isEvidenceMedia(kind) || kind === 'visual_diff';

/** The longest long-poll run.get allows (waitMs is clamped to it). */
export const MAX_WAIT_MS = 25_000;
export type StepStatus = 'pending' | 'running' | 'passed' | 'failed' | 'skipped';

/** The diagnosis categories of External Evidence (see shared/interface.md, "Runs"). */
export type DiagnosisCategory =
  'environment' | 'application' | 'test_definition' | 'infrastructure' | 'timeout' | 'canceled';

export interface Diagnosis {
  category: DiagnosisCategory;
  /** A customer-safe sentence: what to look at next. */
  suggestedAction: string;
  /** A customer-safe sentence: why (Run-level diagnoses). */
  reason?: string;
  /**
   * A change of the step that the runner would make (a target the page names otherwise), offered to
   * the user to apply with test_case.update_steps; never applied by the service.
   */
  suggestedChange?: SuggestedChange;
}

/** The specification's verdicts; a step that did not run to an end (pending, running, skipped) has none. */
export const stepVerdicts = ['passed', 'failed', 'unverified'] as const;
export type StepVerdict = (typeof stepVerdicts)[number];

/**
 * The verdict rule for one step: passed when it passed; failed when it demonstrated that the
 * application misbehaves (a failure diagnosed `application`); unverified when it failed without
 * proving either way (its control never appeared, the site was unreachable, a value was missing,
 * time ran out, the runner failed, the Run was canceled). A Run fails on a failed step only.
 */
export function stepVerdict(step: {
  status: string;
  diagnosis?: Pick<Diagnosis, 'category'> | null;
}): StepVerdict | undefined {
  if (step.status === 'passed') return 'passed';
  if (step.status !== 'failed') return undefined;
  return step.diagnosis?.category === 'application' ? 'failed' : 'unverified';
}

export interface SuggestedChange {
  /** The step's target as the page names the closest control or field. */
  target: string;
}

export const platform = z.enum(['web', 'api', 'ios', 'android']).describe('Target platform');
export type Platform = z.infer<typeof platform>;
export const platforms = z
  .array(platform)
  .min(1)
  .max(4)
  .refine((list) => new Set(list).size === list.length, 'platforms must not repeat')
  .meta({ uniqueItems: true });

/** A top-level member of an OpenAPI document (typed loosely: the runner parses the document itself). */
const openApiMember = z.custom<object | string | number | boolean>((v) => v !== undefined && v !== null);

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** Per-platform targets of an Environment or a Run: addresses and artifact ids, never secrets. */
export const targets = z
  .strictObject({
    web: z.strictObject({ baseUrl: httpUrl.describe('Base address of the web deployment.') }).optional(),
    api: z
      .strictObject({
        baseUrl: httpUrl.optional().describe('Base address of the API under test.'),
        openapiUrl: httpUrl.optional().describe("The API's OpenAPI 3.x document, fetched by the runner at run time."),
        openapi: z
          .record(z.string(), openApiMember)
          .refine(
            (doc) => JSON.stringify(doc).length <= 1024 * 1024,
            'the stored OpenAPI document is larger than 1 MiB',
          )
          .optional()
          .describe("The API's OpenAPI 3.x document, stored with the Environment (at most 1 MiB)."),
        fuzz: fuzzSetting.optional(),
      })
      .optional(),
    android: z
      .strictObject({
        storageId: idOf('sto').optional().describe('An uploaded, scanned artifact.'),
        appId: z.string().max(300).optional(),
      })
      .optional(),
    ios: z
      .strictObject({
        storageId: idOf('sto').optional().describe('An uploaded, scanned artifact.'),
        bundleId: z.string().max(300).optional(),
      })
      .optional(),
  })
  .describe('Per-platform targets.');
export type Targets = z.infer<typeof targets>;
export type TargetPlatform = keyof Targets;

/** Where a Run came from and the deployment it tests, as recorded at trigger time. */
export interface RunTrigger {
  source: 'v1' | 'resource' | 'run_request' | 'schedule' | 'mcp' | 'console';
  runRequestId?: string;
  /** The schedule that fired, on every Run it queued. */
  scheduleId?: string;
  branch: string | null;
  pr: string | null;
  deployment: { commitSha?: string; provider?: string; branch?: string; repository?: string } | null;
  scope: 'changed' | 'all' | null;
  changedFiles: string[];
  environmentSlug: string | null;
  /** A Run queued again from one Run's page (POST /api/runs/{runId}/rerun): the Run it repeats. */
  rerunOf?: string;
  /** The version of the Test Case the Run executes (GET /api/test-cases/{id}/versions). */
  testCaseVersion?: number;
  /** A Run of unsaved steps (POST /api/runs/try): no Test Case, no plan; left out of health and insights. */
  try?: true;
}

/** The API settings a Run snapshots when it is queued: its plan's identities and the fuzz bound. */
export interface RunApiSettings {
  authProfiles: ApiAuthProfile[];
  /** Fuzz probes per Run; 0 turns them off. */
  maxFuzzProbes: number;
}

/** Where a Run came from, in a reader's words (run.list's `source` and its filter). */
export const runSources = ['ci', 'schedule', 'console', 'mcp', 'manual'] as const;
export type RunSource = (typeof runSources)[number];

/**
 * Where a Run came from: a schedule, an MCP client, CI (a run request, or a trigger naming a
 * commit or pull request), the console, else a script by hand ("manual", the API).
 */
export function runSource(trigger: RunTrigger): RunSource {
  if (trigger.source === 'schedule' || trigger.scheduleId) return 'schedule';
  if (trigger.source === 'mcp') return 'mcp';
  if (trigger.source === 'run_request' || trigger.deployment?.commitSha || trigger.pr) return 'ci';
  if (trigger.source === 'console') return 'console';
  return 'manual';
}

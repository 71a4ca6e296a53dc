/**
 * The API's answers as qa reads them: one definition for every module of the command. They are
 * checked against the API's own schemas at compile time (test/cli/shapes.test.ts), so the two cannot
 * drift apart.
 */

/** Run statuses after which a Run no longer changes. */
export const TERMINAL = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);

/** The id formats qa accepts on its command line. */
export const ID = { run: /^run_[0-9a-z]{26}$/, group: /^pgr_[0-9a-z]{26}$/, plan: /^tp_[0-9a-z]{26}$/ };

/** run.get */
export interface RunState {
  runId: string;
  status: string;
  verdict?: string;
  validity?: string;
  cursor: number;
  flaky: boolean;
  progress: { total: number; completed: number; passed: number; failed: number; skipped: number };
  testCaseId?: string;
  planGroupRunId?: string;
  environmentSlug?: string;
  reportUrl?: string;
  diagnosis?: { category: string; suggestedAction: string; reason?: string };
  quarantined?: boolean;
  accessibility?: AccessibilitySummary;
  createdAt?: number;
  updatedAt?: number;
}

/** run.get's accessibility: violations (a rule broken on a page) by impact over the Run's pages. */
export interface AccessibilitySummary {
  mode: 'report' | 'fail';
  pages: number;
  violations: { critical: number; serious: number; moderate: number; minor: number };
  newViolations?: { critical: number; serious: number; moderate: number; minor: number };
  baselineRunId?: string;
}

/** One step of run.evidence (the fields qa reports). */
export interface EvidenceStep {
  index: number;
  action: string;
  target?: string;
  status: 'passed' | 'failed' | 'skipped';
  reason: string;
  diagnosis?: { category: string; suggestedAction: string };
  durationMs: number;
  media: Array<{ kind: string; url: string; expiresAt: number }>;
}

/** run.evidence */
export interface Evidence {
  runId: string;
  status: string;
  verdict?: string;
  validity: string;
  flaky: boolean;
  diagnosis?: { category: string; suggestedAction: string; reason?: string };
  steps: EvidenceStep[];
}

/** One member of GET /api/plan-groups/{planGroupRunId}. */
export interface PlanGroupMember {
  name: string;
  status: string;
  runId?: string;
  verdict?: string;
  validity?: string;
  flaky?: boolean;
  reportUrl?: string;
  reason?: string;
  diagnosisCategory?: string;
  durationMs?: number;
  testCaseId?: string;
  /** Its Test Case was in quarantine when the Run was queued: the verdict is real but gates nothing. */
  quarantined?: boolean;
  quarantineReason?: string;
  /** Why it ran when it did (groups ordered from history). */
  scheduling?: { order: number; reason: string; canceledBy?: 'fail_fast' | 'superseded' };
}

/** GET /api/plan-groups/{planGroupRunId} (and each item of GET /api/plan-groups). */
export interface PlanGroup {
  planGroupRunId: string;
  planName: string;
  environmentSlug?: string;
  reportUrl?: string;
  createdAt: number;
  rerunOf?: string;
  members: PlanGroupMember[];
  scheduling?: {
    expectedEndAt?: number;
    stopped?: { cause: 'fail_fast' | 'superseded'; reason: string };
  };
}

/** One schedule as GET /api/schedules lists it (the fields qa prints). */
export interface ScheduleRow {
  id: string;
  name: string;
  testPlanId: string;
  environmentSlug?: string;
  cron?: string;
  timezone?: string;
  every?: string;
  paused: boolean;
  overlap: 'skip' | 'buffer_one';
  state?: 'passing' | 'failing' | 'flaky';
  lastError?: string;
}

/** run.trigger: what it queued; with scope "changed" on a plan, every member and whether it runs. */
export interface Queued {
  runIds: string[];
  planGroupRunId?: string;
  selection?: Array<{ name: string; selected: boolean; reason: string }>;
  /** Older plan groups for the same plan, Environment and branch whose unfinished members were canceled. */
  superseded?: string[];
}

/** POST /api/runs/rerun: the new plan group of the members that did not pass. */
export interface Rerun {
  planGroupRunId: string;
  runIds: string[];
}

/** One page of test_plan.list, the fields qa matches a plan's name on. */
export interface PlanPage {
  items: Array<{ id: string; name: string }>;
  nextCursor: string | null;
}

/** GET /api/test-cases/{testCaseId}/health, the flake rate per Environment qa reports. */
export interface CaseHealth {
  environments: Array<{ environmentSlug?: string; flakeRate: number }>;
}

export const SCHEDULE_ID = /^sch_[0-9a-z]{26}$/;

export const CHANNEL_ID = /^nch_[0-9a-z]{26}$/;

/** One routing rule of a channel, as the API answers it. */
export interface RoutingRule {
  testPlanIds?: string[];
  scheduleIds?: string[];
  environmentSlugs?: string[];
  branches?: string[];
  when: 'every' | 'failures' | 'change';
}

/** A notification channel as GET /api/notification-channels lists it (never its URL). */
export interface ChannelRow {
  id: string;
  name: string;
  kind: 'slack' | 'teams';
  rules: RoutingRule[];
  enabled: boolean;
  failureStreak: number;
  failingSince?: number;
  lastError?: string;
}

/** POST /api/notification-channels/{id}/test: how the one test message went. */
export interface ChannelMessage {
  id: string;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  statusCode?: number;
  error?: string;
}

/** GET /api/commit-connections/{github,gitlab} (never its token or key). */
export interface ConnectionRow {
  id: string;
  provider: 'github' | 'gitlab';
  apiUrl: string;
  authKind: 'token' | 'app';
  appId?: string;
  installationId?: number;
  checkName: string;
}

/** One proposed case of GET /api/generate/{testPlanId} (the fields qa prints). */
export interface ProposedCase {
  title: string;
  proposal: 'ready' | 'draft';
  steps: Array<{ action: string; target?: string }>;
  passedSteps: number;
  failedStep?: { index: number; reason: string; suggestion?: string };
  missing?: string;
  screenshots: Array<{ url: string; expiresAt: number }>;
}

/** GET /api/generate/{testPlanId}: a plan generation, what it explored and the cases it proposes. */
export interface Generation {
  testPlanId: string;
  name: string;
  status: 'generating' | 'ready' | 'failed';
  failureReason?: string;
  environmentSlug?: string;
  exploration?: {
    pages: Array<{ path: string; title: string }>;
    budget: { maxPages: number; timeMs: number };
    stoppedBecause: string;
  };
  cases: ProposedCase[];
  reason?: string;
}

import { EntitySchema } from 'typeorm';
import { epochMs, jsonText } from './json';

const id = { type: 'varchar', length: 40, primary: true } as const;
const ref = { type: 'varchar', length: 40 } as const;
const ms = { type: 'bigint', transformer: epochMs } as const;
const json = { type: 'mediumtext', transformer: jsonText } as const;
/** BIGINT micro-dollars arrive as strings; they stay integers (safe up to $9 billion). */
const micros = { type: 'bigint', transformer: epochMs } as const;

/** `interpreting` → `queued` → `completed`, or a final `rejected` / `failed` / `canceled`. */
export type RunRequestStatus = 'interpreting' | 'queued' | 'completed' | 'rejected' | 'failed' | 'canceled';

/** The structured part of a request as the caller sent it. */
export interface RunRequestInput {
  planIds?: string[];
  planNames?: string[];
  environmentSlugs?: string[];
  platforms?: string[];
}

export interface RunRequest {
  id: string;
  orgId: string;
  idemKey: string;
  requestHash: string;
  status: RunRequestStatus;
  request: string | null;
  input: RunRequestInput;
  resolutionSource: 'structured' | 'interpreter' | null;
  rejectionReasons: string[];
  error: string | null;
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
}
export const RunRequestEntity = new EntitySchema<RunRequest>({
  name: 'RunRequest',
  tableName: 'run_requests',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    idemKey: { type: 'char', length: 36, name: 'idem_key' },
    requestHash: { type: 'char', length: 64, name: 'request_hash' },
    status: { type: 'varchar', length: 20 },
    request: { type: 'text', nullable: true },
    input: json,
    resolutionSource: { type: 'varchar', length: 20, name: 'resolution_source', nullable: true },
    rejectionReasons: { ...json, name: 'rejection_reasons' },
    error: { type: 'text', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
    completedAt: { ...ms, name: 'completed_at', nullable: true },
  },
});

/** One cell of the matrix: one plan unit against one Environment, which is one Run. */
export interface RunRequestEntry {
  requestId: string;
  position: number;
  testPlanId: string;
  planName: string;
  testCaseId: string | null;
  environmentId: string;
  environmentSlug: string;
  environmentName: string;
  platforms: string[];
  runId: string | null;
  queueError: string | null;
}
export const RunRequestEntryEntity = new EntitySchema<RunRequestEntry>({
  name: 'RunRequestEntry',
  tableName: 'run_request_entries',
  columns: {
    requestId: { ...ref, name: 'request_id', primary: true },
    position: { type: 'int', primary: true },
    testPlanId: { ...ref, name: 'test_plan_id' },
    planName: { type: 'varchar', length: 200, name: 'plan_name' },
    testCaseId: { ...ref, name: 'test_case_id', nullable: true },
    environmentId: { ...ref, name: 'environment_id' },
    environmentSlug: { type: 'varchar', length: 100, name: 'environment_slug' },
    environmentName: { type: 'varchar', length: 200, name: 'environment_name' },
    platforms: json,
    runId: { ...ref, name: 'run_id', nullable: true },
    queueError: { type: 'text', name: 'queue_error', nullable: true },
  },
});

/**
 * The ledger row of one request's interpretation. Money is integer micro-dollars (BIGINT, read
 * back as bigint-safe numbers): `billed = ceil(base × 1.2)` where base is the provider's reported
 * cost, else the token estimate.
 */
export interface InterpretationCharge {
  requestId: string;
  orgId: string;
  basis: 'provider_cost' | 'token_estimate' | 'embedded';
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  providerCostMicros: number | null;
  estimatedCostMicros: number | null;
  billedMicros: number;
  createdAt: number;
}
export const InterpretationChargeEntity = new EntitySchema<InterpretationCharge>({
  name: 'InterpretationCharge',
  tableName: 'interpretation_charges',
  columns: {
    requestId: { ...ref, name: 'request_id', primary: true },
    orgId: { ...ref, name: 'org_id' },
    basis: { type: 'varchar', length: 20 },
    provider: { type: 'varchar', length: 200 },
    model: { type: 'varchar', length: 200 },
    promptTokens: { type: 'int', name: 'prompt_tokens' },
    completionTokens: { type: 'int', name: 'completion_tokens' },
    providerCostMicros: { ...micros, name: 'provider_cost_micros', nullable: true },
    estimatedCostMicros: { ...micros, name: 'estimated_cost_micros', nullable: true },
    billedMicros: { ...micros, name: 'billed_micros' },
    createdAt: { ...ms, name: 'created_at' },
  },
});

export const runRequestEntities = [RunRequestEntity, RunRequestEntryEntity, InterpretationChargeEntity];

import { EntitySchema } from 'typeorm';
import { column } from './json';
import type { Targets } from '../../core/runs';
import type { ApiAuthProfile, PlanConfig, ResourceStep, Step } from '../../core/steps';
import type { TestCaseSettings } from '../../core/case-settings';

const { id, ref, ms, json } = column;

/** Entities are mapping only; every query lives in db/repositories. */

export interface Organization {
  id: string;
  name: string;
  createdAt: number;
}
export const OrganizationEntity = new EntitySchema<Organization>({
  name: 'Organization',
  tableName: 'organizations',
  columns: { id, name: { type: 'varchar', length: 200 }, createdAt: { ...ms, name: 'created_at' } },
});

export interface ApiKey {
  id: string;
  orgId: string;
  secretHash: string;
  createdAt: number;
  revokedAt: number | null;
  /** What the person who made it called it (keys made before names existed have none). */
  name?: string | null;
  /** Who made it: `key <id>` or a member's subject; null when the admin command made it. */
  createdBy?: string | null;
  /** When a request last authenticated with it, (its secret matched), to within 5 s. */
  lastUsedAt?: number | null;
}
export const ApiKeyEntity = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    secretHash: { type: 'char', length: 64, name: 'secret_hash' },
    createdAt: { ...ms, name: 'created_at' },
    revokedAt: { ...ms, name: 'revoked_at', nullable: true },
    name: { type: 'varchar', length: 100, nullable: true },
    createdBy: { type: 'varchar', length: 255, name: 'created_by', nullable: true },
    lastUsedAt: { ...ms, name: 'last_used_at', nullable: true },
  },
});

export interface TestCase {
  id: string;
  orgId: string;
  name: string;
  description: string;
  platforms: string[];
  tags: string[];
  steps: Step[];
  /** The case's own Run settings (accessibility); null or absent when it has none. */
  settings?: TestCaseSettings | null;
  createdAt: number;
  updatedAt: number;
}
export const TestCaseEntity = new EntitySchema<TestCase>({
  name: 'TestCase',
  tableName: 'test_cases',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    name: { type: 'varchar', length: 200 },
    description: { type: 'text' },
    platforms: json,
    tags: json,
    steps: json,
    settings: { ...json, nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export interface TestPlan {
  id: string;
  orgId: string;
  name: string;
  description: string;
  platforms: string[];
  steps: ResourceStep[];
  apiAuthProfiles: ApiAuthProfile[];
  /** Plan-wide settings (resource-style plans); null when none were given. */
  config: PlanConfig | null;
  mode: string;
  status: string;
  failureReason: string | null;
  createdAt: number;
  updatedAt: number;
}
export const TestPlanEntity = new EntitySchema<TestPlan>({
  name: 'TestPlan',
  tableName: 'test_plans',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    name: { type: 'varchar', length: 200 },
    description: { type: 'text' },
    platforms: json,
    steps: json,
    apiAuthProfiles: { ...json, name: 'api_auth_profiles' },
    config: { ...json, nullable: true },
    mode: { type: 'varchar', length: 20 },
    status: { type: 'varchar', length: 20 },
    failureReason: { type: 'text', name: 'failure_reason', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export interface TestPlanMember {
  planId: string;
  position: number;
  testCaseId: string;
}
export const TestPlanMemberEntity = new EntitySchema<TestPlanMember>({
  name: 'TestPlanMember',
  tableName: 'test_plan_members',
  columns: {
    planId: { ...ref, name: 'plan_id', primary: true },
    position: { type: 'int', primary: true },
    testCaseId: { ...ref, name: 'test_case_id' },
  },
});

export interface Environment {
  id: string;
  orgId: string;
  slug: string;
  name: string;
  targets: Targets;
  createdAt: number;
  updatedAt: number;
}
export const EnvironmentEntity = new EntitySchema<Environment>({
  name: 'Environment',
  tableName: 'environments',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    slug: { type: 'varchar', length: 100 },
    name: { type: 'varchar', length: 200 },
    targets: json,
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export interface EnvironmentValue {
  environmentId: string;
  name: string;
  sealed: string;
  updatedAt: number;
}
export const EnvironmentValueEntity = new EntitySchema<EnvironmentValue>({
  name: 'EnvironmentValue',
  tableName: 'environment_values',
  columns: {
    environmentId: { ...ref, name: 'environment_id', primary: true },
    name: { type: 'varchar', length: 100, primary: true },
    sealed: { type: 'text' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export interface Note {
  id: string;
  orgId: string;
  environmentId: string;
  title: string;
  body: string;
  status: string;
  runIds: string[];
  createdAt: number;
  updatedAt: number;
}
export const NoteEntity = new EntitySchema<Note>({
  name: 'Note',
  tableName: 'notes',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    environmentId: { ...ref, name: 'environment_id' },
    title: { type: 'varchar', length: 200 },
    body: { type: 'mediumtext' },
    status: { type: 'varchar', length: 20 },
    runIds: { ...json, name: 'run_ids' },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export interface NoteComment {
  id: string;
  orgId: string;
  noteId: string;
  body: string;
  createdAt: number;
}
export const NoteCommentEntity = new EntitySchema<NoteComment>({
  name: 'NoteComment',
  tableName: 'note_comments',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    noteId: { ...ref, name: 'note_id' },
    body: { type: 'text' },
    createdAt: { ...ms, name: 'created_at' },
  },
});

export interface IdempotencyRecord {
  orgId: string;
  operation: string;
  idemKey: string;
  requestHash: string;
  /** The stored response: JSON of whatever the operation answered. */
  response: unknown;
  createdAt: number;
  expiresAt: number;
}
export const IdempotencyRecordEntity = new EntitySchema<IdempotencyRecord>({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_records',
  columns: {
    orgId: { ...ref, name: 'org_id', primary: true },
    operation: { type: 'varchar', length: 64, primary: true },
    idemKey: { type: 'varchar', length: 200, name: 'idem_key', primary: true },
    requestHash: { type: 'char', length: 64, name: 'request_hash' },
    response: { ...json, nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    expiresAt: { ...ms, name: 'expires_at' },
  },
});

export const foundationEntities = [
  OrganizationEntity,
  ApiKeyEntity,
  TestCaseEntity,
  TestPlanEntity,
  TestPlanMemberEntity,
  EnvironmentEntity,
  EnvironmentValueEntity,
  NoteEntity,
  NoteCommentEntity,
  IdempotencyRecordEntity,
];

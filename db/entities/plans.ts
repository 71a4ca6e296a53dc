import { EntitySchema } from 'typeorm';
import { epochMs, jsonText } from './json';
import type { ResourceStep } from '../../core/steps';
import type { GenerationProposal } from '../../core/generation';

const id = { type: 'varchar', length: 40, primary: true } as const;
const ref = { type: 'varchar', length: 40 } as const;
const ms = { type: 'bigint', transformer: epochMs } as const;
const json = { type: 'mediumtext', transformer: jsonText } as const;

/** A team's reusable sequence of resource-style steps, addressed by slug. */
export interface Flow {
  id: string;
  orgId: string;
  slug: string;
  name: string;
  description: string;
  steps: ResourceStep[];
  createdAt: number;
  updatedAt: number;
}
export const FlowEntity = new EntitySchema<Flow>({
  name: 'Flow',
  tableName: 'flows',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    slug: { type: 'varchar', length: 100 },
    name: { type: 'varchar', length: 200 },
    description: { type: 'text' },
    steps: json,
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

/** What a generated plan is generated from. */
export interface PlanGeneration {
  planId: string;
  orgId: string;
  source: 'prompt' | 'diff';
  input: string;
  platforms: string[];
  /** The Environment the generation explores and proves its cases against; null: from the words alone. */
  environmentId: string | null;
  /** What exploring saw and the cases proposed (generations with an Environment), once finished. */
  proposal: GenerationProposal | null;
  createdAt: number;
  finishedAt: number | null;
}
export const PlanGenerationEntity = new EntitySchema<PlanGeneration>({
  name: 'PlanGeneration',
  tableName: 'plan_generations',
  columns: {
    planId: { ...ref, name: 'plan_id', primary: true },
    orgId: { ...ref, name: 'org_id' },
    source: { type: 'varchar', length: 10 },
    input: { type: 'mediumtext' },
    platforms: json,
    environmentId: { ...ref, name: 'environment_id', nullable: true },
    proposal: { ...json, nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    finishedAt: { ...ms, name: 'finished_at', nullable: true },
  },
});

export const planEntities = [FlowEntity, PlanGenerationEntity];

import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import { flowRepository } from '../../db/repositories/flows';
import type { Flow } from '../../db/entities/plans';
import { credentialReason } from '../credentials';
import { AppError } from '../errors';
import { slug, type Step } from '../catalog/schemas';

/** `{{env.NAME}}`: the whole value names an Environment runtime value. */
const envPlaceholder = /^\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]{0,99})\s*\}\}$/;
const text = (max: number) => z.string().min(1).max(max);

/** Flows may use flows, this deep at most (a guard against runaway nesting, not a cycle check). */
export const MAX_FLOW_DEPTH = 5;
/** Steps a Run may have once flows are expanded. */
export const MAX_RUN_STEPS = 500;

const stepConfig = z.strictObject({
  authProfile: text(200).optional().describe('Name of one of the plan\'s apiAuthProfiles.'),
  isolationProbe: z.strictObject({
    probeId: text(200).optional(),
    ownerStepIndex: z.number().int().min(0).optional(),
    ownerProfile: text(200).optional(),
    actorProfile: text(200).optional(),
    resourceVariable: text(100).optional(),
    expectedDeniedStatuses: z.array(z.number().int().min(100).max(599)).max(20).optional().describe('HTTP status codes'),
  }).optional(),
  crossChannel: z.strictObject({
    groupId: text(200).optional(),
    role: text(50).optional().describe('e.g. trigger'),
    channel: text(50).optional().describe('e.g. api'),
    required: z.boolean().optional(),
    correlationVariable: text(100).optional(),
  }).optional(),
}).describe('API assurance settings; stored and returned, not used by the web runner.');

/**
 * A step of the resource-style endpoints. `value` (fill only) is plain text or exactly
 * `{{env.NAME}}`; a fill without value lets the agent choose one. A `flow` step's target is
 * the slug of a saved flow, expanded into the flow's steps when Runs are queued.
 */
export const resourceStep = z.strictObject({
  action: z.enum(['navigate', 'fill', 'click', 'flow'])
    .describe('navigate: open a path; fill: type into a field; click: activate a control; flow: the steps of the flow named by target.'),
  target: z.string().trim().min(1).max(2000).optional()
    .describe('A path for navigate; a field label for fill; a control\'s accessible name for click; a flow slug for flow.'),
  value: z.string().max(10_000).optional()
    .describe('fill only: literal text, or exactly {{env.NAME}} for an Environment runtime value; omit to let the agent choose.'),
  config: stepConfig.optional(),
}).superRefine((s, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (s.action !== 'navigate' && !s.target) issue('target', `a ${s.action} step needs a target`);
  if (s.action === 'flow' && s.target && !slug.safeParse(s.target).success) issue('target', 'a flow step\'s target is a flow slug (lowercase letters, digits and -)');
  if (s.value === undefined) return;
  if (s.action !== 'fill') issue('value', `a ${s.action} step takes no value`);
  else if (s.value.includes('{{') && !envPlaceholder.test(s.value)) issue('value', 'a value is plain text or exactly {{env.NAME}}');
  else if (!envPlaceholder.test(s.value)) {
    const reason = credentialReason(s.target, s.value);
    if (reason) issue('value', `a credential-shaped literal (${reason}); keep it in an Environment and write {{env.NAME}}`);
  }
});
export type ResourceStep = z.infer<typeof resourceStep>;

export const resourceSteps = z.array(resourceStep).max(200);

/** One resource-style step as the web runner's step (a `flow` step is expanded before this). */
export function toRunnerStep(s: ResourceStep): Step {
  if (s.action === 'navigate') return { action: 'navigate', ...(s.target ? { target: s.target } : {}) };
  if (s.action === 'click') return { action: 'click', target: s.target! };
  if (s.action !== 'fill') throw new Error(`unexpanded ${s.action} step`);
  const variable = s.value === undefined ? null : envPlaceholder.exec(s.value)?.[1];
  const valueSpec: Step['valueSpec'] = s.value === undefined ? { kind: 'agent' }
    : variable ? { kind: 'environment', variable } : { kind: 'literal', text: s.value };
  return { action: 'fill', target: s.target!, valueSpec };
}

/**
 * The Run's step snapshot of resource-style steps: flows expanded (at most MAX_FLOW_DEPTH deep,
 * cycles refused), each step mapped to the runner's shape. A missing flow is FAILED_PRECONDITION
 * naming the step, so nothing is queued.
 */
export async function compileSteps(db: EntityManager, orgId: string, steps: ResourceStep[]): Promise<Step[]> {
  const out: Step[] = [];
  const flows = new Map<string, Flow | null>();
  const expand = async (list: ResourceStep[], path: string[], where: string) => {
    for (const [index, step] of list.entries()) {
      if (step.action !== 'flow') {
        out.push(toRunnerStep(step));
        if (out.length > MAX_RUN_STEPS) throw new AppError('FAILED_PRECONDITION', `the steps expand to more than ${MAX_RUN_STEPS} steps`);
        continue;
      }
      const flowSlug = step.target!;
      const at = `${where}[${index}]`;
      if (path.includes(flowSlug)) throw new AppError('FAILED_PRECONDITION', `${at}: flows use each other in a cycle: ${[...path, flowSlug].join(' → ')}`);
      if (path.length >= MAX_FLOW_DEPTH) throw new AppError('FAILED_PRECONDITION', `${at}: flows are nested more than ${MAX_FLOW_DEPTH} deep`);
      if (!flows.has(flowSlug)) flows.set(flowSlug, await flowRepository.bySlug(db, orgId, flowSlug));
      const flow = flows.get(flowSlug);
      if (!flow) {
        throw new AppError('FAILED_PRECONDITION', `${at} uses flow "${flowSlug}", which this organization does not have; save it with PUT /api/flows/${flowSlug}`,
          { missingFlow: flowSlug });
      }
      await expand(flow.steps as ResourceStep[], [...path, flowSlug], `flow ${flowSlug} steps`);
    }
  };
  await expand(steps, [], 'steps');
  return out;
}

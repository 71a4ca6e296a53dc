import type { EntityManager } from 'typeorm';
import { flowRepository } from '../../db/repositories/flows';
import type { Flow } from '../../db/entities/plans';
import { AppError } from '../../core/errors';
import { toRunnerStep, type ResourceStep, type Step } from '../../core/steps';

/** Flows may use flows, this deep at most (a guard against runaway nesting, not a cycle check). */
export const MAX_FLOW_DEPTH = 5;
/** Steps a Run may have once flows are expanded. */
export const MAX_RUN_STEPS = 500;

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
        if (out.length > MAX_RUN_STEPS)
          throw new AppError('FAILED_PRECONDITION', `the steps expand to more than ${MAX_RUN_STEPS} steps`);
        continue;
      }
      const flowSlug = step.target;
      const at = `${where}[${index}]`;
      if (path.includes(flowSlug))
        throw new AppError(
          'FAILED_PRECONDITION',
          `${at}: flows use each other in a cycle: ${[...path, flowSlug].join(' → ')}`,
        );
      if (path.length >= MAX_FLOW_DEPTH)
        throw new AppError('FAILED_PRECONDITION', `${at}: flows are nested more than ${MAX_FLOW_DEPTH} deep`);
      if (!flows.has(flowSlug)) flows.set(flowSlug, await flowRepository.bySlug(db, orgId, flowSlug));
      const flow = flows.get(flowSlug);
      if (!flow) {
        throw new AppError(
          'FAILED_PRECONDITION',
          `${at} uses flow "${flowSlug}", which this organization does not have; save it with PUT /api/flows/${flowSlug}`,
          { missingFlow: flowSlug },
        );
      }
      await expand(flow.steps, [...path, flowSlug], `flow ${flowSlug} steps`);
    }
  };
  await expand(steps, [], 'steps');
  return out;
}

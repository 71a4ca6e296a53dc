import { credentialReason } from '../../core/credential-shape';
import { variableNameFor } from '../../core/credentials';
import { resourceStep, type ResourceStep } from '../../core/steps';

/**
 * A fill step for a field: secret-looking fields read an Environment value named after the field
 * (`Password` → `{{env.PASSWORD}}`), others let the agent choose a value at run time.
 */
export function fillFor(label: string): ResourceStep {
  return credentialReason(label, '')
    ? { action: 'fill', target: label, value: `{{env.${variableNameFor(label, new Set())}}}` }
    : { action: 'fill', target: label };
}

/**
 * Keeps the generated steps the service can run: navigate, fill and click that pass the
 * resource-style schema. A credential-shaped literal is never kept: it becomes an Environment
 * reference, the way a person would have to write it.
 */
export function sanitizeSteps(candidates: unknown[]): ResourceStep[] {
  const out: ResourceStep[] = [];
  for (const raw of candidates) {
    if (!raw || typeof raw !== 'object') continue;
    const { action, target, value } = raw as Record<string, unknown>;
    if (action !== 'navigate' && action !== 'fill' && action !== 'click') continue;
    const step = {
      action,
      ...(typeof target === 'string' && target.trim() ? { target: target.trim().slice(0, 2000) } : {}),
      ...(typeof value === 'string' && action === 'fill' ? { value } : {}),
    };
    const parsed = resourceStep.safeParse(step);
    if (parsed.success) out.push(parsed.data);
    else if (action === 'fill' && step.target) out.push(fillFor(step.target));
  }
  return out;
}

/** Consecutive duplicates (the same page opened twice, the same field filled twice) are one step. */
export function dedupe(steps: ResourceStep[]): ResourceStep[] {
  return steps.filter((s, i) => i === 0 || JSON.stringify(s) !== JSON.stringify(steps[i - 1]));
}

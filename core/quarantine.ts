import { z } from 'zod';

/**
 * An organization's quarantine policy: a Test Case with `flakyPasses` flaky passes among its last
 * `window` ended Runs is quarantined; one the policy quarantined is released after
 * `releaseAfterCleanPasses` clean passes in a row. Off until the organization turns it on.
 */
export const quarantinePolicy = z.strictObject({
  enabled: z.boolean(),
  flakyPasses: z.number().int().min(1).max(100).describe('Flaky passes within the window that quarantine a case.'),
  window: z.number().int().min(1).max(100).describe('Recent ended Runs of the case that are counted.'),
  releaseAfterCleanPasses: z
    .number()
    .int()
    .min(1)
    .max(100)
    .describe('Clean passes in a row (passing, not flaky) that release a case the policy quarantined.'),
});
export type QuarantinePolicy = z.infer<typeof quarantinePolicy>;

export const DEFAULT_QUARANTINE_POLICY: QuarantinePolicy = {
  enabled: false,
  flakyPasses: 3,
  window: 20,
  releaseAfterCleanPasses: 20,
};

/** One ended Run of a case, as the policy reads it. */
export interface CountedRun {
  passed: boolean;
  flaky: boolean;
}

/**
 * What the policy does after a Run of a case ended, from the case's ended Runs since it was last
 * released (newest first): quarantine it, release it (only a quarantine the policy made), or nothing.
 */
export function policyDecision(
  policy: QuarantinePolicy,
  recent: CountedRun[],
  current: { source: 'manual' | 'policy' } | null,
): 'quarantine' | 'release' | null {
  if (!policy.enabled) return null;
  if (!current) {
    const flaky = recent.slice(0, policy.window).filter((r) => r.passed && r.flaky).length;
    return flaky >= policy.flakyPasses ? 'quarantine' : null;
  }
  if (current.source !== 'policy') return null;
  const last = recent.slice(0, policy.releaseAfterCleanPasses);
  return last.length === policy.releaseAfterCleanPasses && last.every((r) => r.passed && !r.flaky) ? 'release' : null;
}

export const policyReason = (policy: QuarantinePolicy) =>
  `quarantine policy: ${policy.flakyPasses} flaky passes within the last ${policy.window} Runs`;

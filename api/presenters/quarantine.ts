import { z } from 'zod';
import { quarantinePolicy } from '../../core/quarantine';
import type { Quarantine } from '../../db/entities/quarantine';

export const quarantineView = z.object({
  testCaseId: z.string(),
  quarantined: z.boolean(),
  reason: z.string().optional(),
  source: z.enum(['manual', 'policy']).optional().describe('Who put it there: a person (manual) or the policy.'),
  by: z.string().optional().describe('The credential that quarantined it (API key id or OAuth subject), or "policy".'),
  since: z.number().int().optional().describe('Epoch ms.'),
});

export function presentQuarantine(testCaseId: string, q: Quarantine | null) {
  return q
    ? { testCaseId, quarantined: true, reason: q.reason, source: q.source, by: q.byWhom, since: q.since }
    : { testCaseId, quarantined: false };
}

export const policyView = quarantinePolicy;

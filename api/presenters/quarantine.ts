import { z } from 'zod';
import { quarantinePolicy } from '../../core/quarantine';
import type { Quarantine } from '../../db/entities/quarantine';
import { actorName } from './actors';

export const quarantineView = z.object({
  testCaseId: z.string(),
  quarantined: z.boolean(),
  reason: z.string().optional(),
  source: z.enum(['manual', 'policy']).optional().describe('Who put it there: a person (manual) or the policy.'),
  by: z.string().optional().describe('The credential that quarantined it (API key id or OAuth subject), or "policy".'),
  byName: z
    .string()
    .optional()
    .describe('Who, as a person reads it: "key <key name>", the member, or "the quarantine policy".'),
  since: z.number().int().optional().describe('Epoch ms.'),
});

/** `keyNames`: names of the organization's API keys, to name the one that quarantined it. */
export function presentQuarantine(testCaseId: string, q: Quarantine | null, keyNames = new Map<string, string>()) {
  return q
    ? {
        testCaseId,
        quarantined: true,
        reason: q.reason,
        source: q.source,
        by: q.byWhom,
        byName:
          q.source === 'policy' ? actorName('policy', undefined, keyNames) : actorName(q.byWhom, undefined, keyNames),
        since: q.since,
      }
    : { testCaseId, quarantined: false };
}

export const policyView = quarantinePolicy;

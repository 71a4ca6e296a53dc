import { notFound } from '../../../core/errors';
import type { Principal } from '../../../core/scopes';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import type { quarantineCase } from '../../../domain/quarantine';
import type { AppDeps } from '../../pipeline/deps';
import { announceChange } from '../../temporal/starts';

/**
 * Quarantines or releases one of the caller's Test Cases by hand (`change` is `quarantineCase` or
 * `releaseCase`), NOT_FOUND for a case it does not have, and announces the change if there was one.
 * Answers the case's id.
 */
export async function changeByHand(
  { principal, deps }: { principal: Principal; deps: AppDeps },
  testCaseId: string,
  how: { change: typeof quarantineCase; reason: string },
): Promise<string> {
  const testCase = await testCaseRepository.get(deps.db.manager, principal.orgId, testCaseId);
  if (!testCase) throw notFound(`Test Case ${testCaseId}`);
  const change = await how.change(deps.db.manager, {
    orgId: principal.orgId,
    testCaseId: testCase.id,
    reason: how.reason,
    source: 'manual',
    byWhom: principal.subject,
  });
  if (change) await announceChange(deps, principal.orgId, change);
  return testCase.id;
}

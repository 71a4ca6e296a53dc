import type { EntityManager } from 'typeorm';
import { newId } from '../../core/ids';
import { policyDecision, policyReason } from '../../core/quarantine';
import type { Quarantine, QuarantineEvent, QuarantineSource } from '../../db/entities/quarantine';
import { quarantineRepository } from '../../db/repositories/quarantine';

export type QuarantineEventType = 'test_case.quarantined' | 'test_case.released';

/** A change to announce: its webhook event type and subject (the quarantine event's id). */
export interface QuarantineChange {
  type: QuarantineEventType;
  subjectId: string;
}

function event(
  kind: QuarantineEvent['kind'],
  q: Pick<Quarantine, 'orgId' | 'testCaseId' | 'reason' | 'source' | 'byWhom'>,
  at: number,
): QuarantineEvent {
  return { id: newId('qev'), kind, at, ...q };
}

/** Puts a case in quarantine; null when it already was (the first reason stands). */
export async function quarantineCase(
  db: EntityManager,
  q: { orgId: string; testCaseId: string; reason: string; source: QuarantineSource; byWhom: string },
  now = Date.now(),
): Promise<QuarantineChange | null> {
  const happened = event('quarantined', q, now);
  const put = await quarantineRepository.put(db, { ...q, since: now }, happened);
  return put ? { type: 'test_case.quarantined', subjectId: happened.id } : null;
}

/** Releases a case; null when it was not in quarantine. */
export async function releaseCase(
  db: EntityManager,
  q: { orgId: string; testCaseId: string; reason: string; source: QuarantineSource; byWhom: string },
  now = Date.now(),
): Promise<QuarantineChange | null> {
  const happened = event('released', q, now);
  const released = await quarantineRepository.release(db, q.orgId, q.testCaseId, happened);
  return released ? { type: 'test_case.released', subjectId: happened.id } : null;
}

/**
 * After a Run of a Test Case ended: applies the organization's policy to the case's ended Runs
 * since it was last released. Answers the change to announce, if any.
 */
export async function applyQuarantinePolicy(
  db: EntityManager,
  run: { orgId: string; testCaseId: string | null },
): Promise<QuarantineChange | null> {
  if (!run.testCaseId) return null;
  const policy = await quarantineRepository.policy(db, run.orgId);
  if (!policy.enabled) return null;
  const current = await quarantineRepository.get(db, run.orgId, run.testCaseId);
  const since = await quarantineRepository.lastReleasedAt(db, run.testCaseId);
  const recent = await quarantineRepository.recentRuns(
    db,
    run.testCaseId,
    since,
    Math.max(policy.window, policy.releaseAfterCleanPasses),
  );
  const decision = policyDecision(policy, recent, current);
  const who = { orgId: run.orgId, testCaseId: run.testCaseId, source: 'policy' as const, byWhom: 'policy' };
  if (decision === 'quarantine') return quarantineCase(db, { ...who, reason: policyReason(policy) });
  if (decision === 'release')
    return releaseCase(db, {
      ...who,
      reason: `quarantine policy: ${policy.releaseAfterCleanPasses} clean passes in a row`,
    });
  return null;
}

import { AppError } from '../../core/errors';
import { limitsOf } from '../../core/config';
import type { AppDeps } from '../deps';

/** The 429 of an exhausted bucket: RESOURCE_EXHAUSTED with Retry-After in whole seconds (at least 1). */
function exhausted(what: string, retryAfterMs: number, details: Record<string, unknown>): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    'RESOURCE_EXHAUSTED',
    `${what}; retry after ${seconds} s`,
    { ...details, retryAfterSeconds: seconds },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The organization's request rate: one token per authenticated request from a bucket in MySQL
 * that every API process draws from (in leases: RateLeases).
 */
export async function limitRequestRate(deps: AppDeps, orgId: string): Promise<void> {
  const limits = limitsOf(deps.config, orgId);
  if (limits.ratePerSecond === 0) return;
  const answer = await deps.rateLeases.take(deps.db.manager, orgId, 'requests', {
    perSecond: limits.ratePerSecond,
    burst: limits.rateBurst,
  });
  if (answer.granted === 0)
    throw exhausted('Too many requests for this organization', answer.retryAfterMs, {
      limit: 'requests',
      perSecond: limits.ratePerSecond,
      burst: limits.rateBurst,
    });
}

/** The organization's run-request rate (POST /api/run-requests), a bucket of its own. */
export async function limitRunRequestRate(deps: AppDeps, orgId: string): Promise<void> {
  const limits = limitsOf(deps.config, orgId);
  if (limits.runRequestsPerMinute === 0) return;
  const answer = await deps.rateLeases.take(deps.db.manager, orgId, 'run-requests', {
    perSecond: limits.runRequestsPerMinute / 60,
    burst: limits.runRequestBurst,
  });
  if (answer.granted === 0)
    throw exhausted('Too many run requests for this organization', answer.retryAfterMs, {
      limit: 'runRequests',
      perMinute: limits.runRequestsPerMinute,
      burst: limits.runRequestBurst,
    });
}

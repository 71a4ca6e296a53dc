import { AppError } from '../../core/errors';
import { limitsOf } from '../../core/config';
import type { DataSource } from 'typeorm';
import type { Config } from '../../core/config';
import type { RateLeases } from './rate-leases';
import type { TokenAnswer } from '../../db/repositories/limits';

/** What the rate limits need of the process. */
export interface LimitDeps {
  config: Config;
  db: DataSource;
  rateLeases: RateLeases;
}

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
 * Takes one token of the organization's `bucket` (0 per second: off), or throws the 429 that says
 * so. A token this process holds is taken without asking MySQL.
 */
async function takeToken(
  deps: LimitDeps,
  orgId: string,
  bucket: string,
  rate: { perSecond: number; burst: number },
  refusal: { message: string; details: Record<string, unknown> },
): Promise<void> {
  if (rate.perSecond === 0) return;
  const answer =
    deps.rateLeases.takeHeld(orgId, bucket) ?? (await deps.rateLeases.take(deps.db.manager, orgId, bucket, rate));
  granted(answer, rate, refusal);
}

function granted(
  answer: TokenAnswer,
  rate: { burst: number },
  refusal: { message: string; details: Record<string, unknown> },
): void {
  if (answer.granted === 0)
    throw exhausted(refusal.message, answer.retryAfterMs, { ...refusal.details, burst: rate.burst });
}

/**
 * The organization's request rate: one token per authenticated request from a bucket in MySQL
 * that every API process draws from (in leases: RateLeases).
 */
export async function limitRequestRate(deps: LimitDeps, orgId: string): Promise<void> {
  // A token this process holds answers first, before the organization's limits and the refusal
  // are built: every authenticated request passes here. (Held tokens exist only under a rate.)
  const held = deps.rateLeases.takeHeld(orgId, 'requests');
  if (held?.granted) {
    // Once a lease, with the rate as it is now.
    if (held.renew) void deps.rateLeases.renew(deps.db.manager, orgId, 'requests', requestRate(deps, orgId));
    return;
  }
  const rate = requestRate(deps, orgId);
  return takeToken(deps, orgId, 'requests', rate, {
    message: 'Too many requests for this organization',
    details: { limit: 'requests', perSecond: rate.perSecond },
  });
}

function requestRate(deps: LimitDeps, orgId: string) {
  const limits = limitsOf(deps.config, orgId);
  return { perSecond: limits.ratePerSecond, burst: limits.rateBurst };
}

/** The organization's run-request rate (POST /api/run-requests), a bucket of its own. */
export async function limitRunRequestRate(deps: LimitDeps, orgId: string): Promise<void> {
  const limits = limitsOf(deps.config, orgId);
  return takeToken(
    deps,
    orgId,
    'run-requests',
    { perSecond: limits.runRequestsPerMinute / 60, burst: limits.runRequestBurst },
    {
      message: 'Too many run requests for this organization',
      details: { limit: 'runRequests', perMinute: limits.runRequestsPerMinute },
    },
  );
}

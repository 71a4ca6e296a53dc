import { ActivityFailure, ApplicationFailure, TimeoutFailure } from '@temporalio/workflow';

/**
 * A customer-safe account of an AI activity's last failure: the activity's own message (its
 * errors are written to be shown), with the attempts when Temporal retried it.
 */
export function describeFailure(error: unknown, attempts: number, who: 'interpreter' | 'generator'): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof TimeoutFailure) return `the ${who} did not finish in time (${attempts} attempt(s))`;
  if (cause instanceof ApplicationFailure)
    return cause.nonRetryable ? cause.message : `${cause.message} (${attempts} attempt(s))`;
  return `the ${who} failed`;
}

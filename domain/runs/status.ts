import type { RunStatus } from '../../db/entities/runs';
import { runStatus } from '../../core/runs';
import { terminalStatuses } from '../../db/repositories/runs';

/** The specification's table: status → verdict, validity, next. */
export function runOutcome(status: RunStatus, flaky: boolean) {
  switch (status) {
    case 'passing':
      return { verdict: 'passed', validity: 'valid', next: flaky ? 'evidence' : 'none' } as const;
    case 'failed':
      return { verdict: 'failed', validity: 'valid', next: 'evidence' } as const;
    case 'unverified':
      return { verdict: 'unverified', validity: 'valid', next: 'evidence' } as const;
    case 'canceled':
      return { verdict: 'unverified', validity: 'valid', next: 'none' } as const;
    case 'invalid':
      return { verdict: 'unverified', validity: 'invalid', next: 'retry' } as const;
    default:
      return { verdict: undefined, validity: 'not_evaluated', next: 'wait' } as const;
  }
}

export const isTerminal = (status: RunStatus) => terminalStatuses.includes(status);

/** The statuses whose verdict is `verdict` (the specification's table read backwards), for filtering by verdict. */
export const statusesOfVerdict = (verdict: 'passed' | 'failed' | 'unverified'): RunStatus[] =>
  runStatus.options.filter((s) => runOutcome(s, false).verdict === verdict);

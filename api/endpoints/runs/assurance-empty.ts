import { type AssuranceSnapshot } from '../../../core/assurance';

export const empty = (reason: string): AssuranceSnapshot => ({
  report: null,
  reason,
  findings: [],
  coverage: [],
  inferredPatches: [],
});

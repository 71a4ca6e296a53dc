import type { RunSummary } from '../../lib/contract';

/** A Run as run.list lists it: enough to name it in a list of candidates. */
export type RunRow = Pick<RunSummary, 'runId' | 'status' | 'verdict' | 'environmentSlug' | 'createdAt'>;

/** The compare page's address: both Runs in the URL, so it can be shared. */
export const compareHref = (a: string, b: string) => `/console/compare?${new URLSearchParams({ a, b }).toString()}`;

/** "passed · staging · 12/7/2026, 10:03:00": a Run named by what it was and when, not by its id. */
export const runLabel = (r: RunRow) =>
  [r.verdict ?? r.status, r.environmentSlug ?? 'explicit targets', new Date(r.createdAt).toLocaleString()].join(' · ');

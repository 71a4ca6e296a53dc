import assert from 'node:assert/strict';
import type { z } from 'zod';
import runEvidence from '../../api/endpoints/runs/evidence';
import { runState } from '../../api/endpoints/runs/get.v1';
import { planGroupState } from '../../api/presenters/plan-groups';
import {
  ID,
  SCHEDULE_ID,
  TERMINAL,
  type Evidence,
  type PlanGroup,
  type RunState,
  type ScheduleRow,
} from '../../cli/src/shapes';
import { scheduleView } from '../../api/presenters/schedules';
import { runStatus } from '../../core/runs';

/**
 * qa reads the API's answers through cli/src/shapes.ts. These assignments are checked by the
 * typecheck `npm test` runs: a field qa reads that the API's schema lacks, or types otherwise,
 * fails the build, so qa's shapes cannot drift from the API's.
 */
export const readsRunGet = (answer: z.infer<typeof runState>): RunState => answer;
export const readsEvidence = (answer: z.infer<typeof runEvidence.output>): Evidence => answer;
export const readsPlanGroup = (answer: z.infer<typeof planGroupState>): PlanGroup => answer;
export const readsSchedule = (answer: z.infer<typeof scheduleView>): ScheduleRow => answer;

describe("qa's view of the API", () => {
  it('knows the terminal statuses and ids the API uses', () => {
    const terminal = runStatus.options.filter((s) => !['queued', 'running', 'retrying'].includes(s));
    assert.deepEqual([...TERMINAL].sort(), terminal.sort());
    assert.match('run_01m8c0j6pqkn7dc6tctfs75wgp', ID.run);
    assert.match('pgr_01m8c0j6pqkn7dc6tctfs75wgn', ID.group);
    assert.match('tp_01m8c0j6nyq6qn8q195nc1xxqv', ID.plan);
    assert.match('sch_01m8d1bp7kftd6rbq3c0y6sbgw', SCHEDULE_ID);
  });
});

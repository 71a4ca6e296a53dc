import assert from 'node:assert/strict';
import type { z } from 'zod';
import runEvidence from '../../api/endpoints/runs/evidence';
import { runState } from '../../api/endpoints/runs/get.v1';
import { planGroupState } from '../../api/presenters/plan-groups';
import {
  ID,
  SCHEDULE_ID,
  TERMINAL,
  type CaseHealth,
  type Evidence,
  type Generation,
  type PlanGroup,
  type PlanPage,
  type Queued,
  type Rerun,
  type RunState,
  type ScheduleRow,
  CHANNEL_ID,
  type ChannelMessage,
  type ChannelRow,
  type ConnectionRow,
} from '../../cli/src/shapes';
import { channelView, notificationView } from '../../api/presenters/notifications';
import { connectionView } from '../../api/presenters/commit-connections';
import { scheduleView } from '../../api/presenters/schedules';
import { runStatus } from '../../core/runs';
import runTrigger from '../../api/endpoints/runs/trigger';
import runRerun from '../../api/endpoints/runs/rerun';
import testPlanList from '../../api/endpoints/test-plans/list';
import testCaseHealth from '../../api/endpoints/test-cases/health';
import plansGeneration from '../../api/endpoints/plans/generation';

/**
 * qa reads the API's answers through cli/src/shapes.ts. These assignments are checked by the
 * typecheck `npm test` runs: a field qa reads that the API's schema lacks, or types otherwise,
 * fails the build, so qa's shapes cannot drift from the API's.
 */
export const readsRunGet = (answer: z.infer<typeof runState>): RunState => answer;
export const readsEvidence = (answer: z.infer<typeof runEvidence.output>): Evidence => answer;
export const readsPlanGroup = (answer: z.infer<typeof planGroupState>): PlanGroup => answer;
export const readsSchedule = (answer: z.infer<typeof scheduleView>): ScheduleRow => answer;
type ApiQueued = z.infer<typeof runTrigger.output>;
type ApiRerun = z.infer<typeof runRerun.output>;
type ApiPlanPage = z.infer<typeof testPlanList.output>;
type ApiHealth = z.infer<typeof testCaseHealth.output>;
export const readsQueued = (answer: ApiQueued): Queued => answer;
export const readsRerun = (answer: ApiRerun): Rerun => answer;
export const readsPlanPage = (answer: ApiPlanPage): PlanPage => answer;
export const readsHealth = (answer: ApiHealth): CaseHealth => answer;
export const readsChannel = (answer: z.infer<typeof channelView>): ChannelRow => answer;
export const readsChannelMessage = (answer: z.infer<typeof notificationView>): ChannelMessage => answer;
export const readsConnection = (answer: z.infer<typeof connectionView>): ConnectionRow => answer;
type ApiGeneration = z.infer<typeof plansGeneration.output>;
export const readsGeneration = (answer: ApiGeneration): Generation => answer;

/**
 * The assignments above let an optional field of qa's go missing from the API unnoticed (an answer
 * without it is still assignable). So every field qa declares must also be one the API's schema
 * has: a renamed or removed field, optional or not, fails the typecheck here.
 */
/** The named keys of a type (a passthrough schema's index signature would admit any name). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type Unknown<Qa, Api> = Exclude<keyof Qa, NamedKeys<Api>>;
const known = <Fields extends never>(): Fields[] => [];
type ApiEvidence = z.infer<typeof runEvidence.output>;
type ApiGroup = z.infer<typeof planGroupState>;
export const knownFields = [
  known<Unknown<RunState, z.infer<typeof runState>>>(),
  known<Unknown<NonNullable<RunState['accessibility']>, NonNullable<z.infer<typeof runState>['accessibility']>>>(),
  known<Unknown<Evidence, ApiEvidence>>(),
  known<Unknown<Evidence['steps'][number], ApiEvidence['steps'][number]>>(),
  known<Unknown<PlanGroup, ApiGroup>>(),
  known<Unknown<PlanGroup['members'][number], ApiGroup['members'][number]>>(),
  known<Unknown<ScheduleRow, z.infer<typeof scheduleView>>>(),
  known<Unknown<Queued, ApiQueued>>(),
  known<Unknown<NonNullable<Queued['selection']>[number], NonNullable<ApiQueued['selection']>[number]>>(),
  known<Unknown<Rerun, ApiRerun>>(),
  known<Unknown<PlanPage, ApiPlanPage>>(),
  known<Unknown<PlanPage['items'][number], ApiPlanPage['items'][number]>>(),
  known<Unknown<CaseHealth, ApiHealth>>(),
  known<Unknown<CaseHealth['environments'][number], ApiHealth['environments'][number]>>(),
  known<Unknown<ChannelRow, z.infer<typeof channelView>>>(),
  known<Unknown<ChannelRow['rules'][number], z.infer<typeof channelView>['rules'][number]>>(),
  known<Unknown<ChannelMessage, z.infer<typeof notificationView>>>(),
  known<Unknown<ConnectionRow, z.infer<typeof connectionView>>>(),
  known<Unknown<Generation, ApiGeneration>>(),
  known<Unknown<Generation['cases'][number], ApiGeneration['cases'][number]>>(),
  known<Unknown<NonNullable<Generation['exploration']>, NonNullable<ApiGeneration['exploration']>>>(),
];

describe("qa's view of the API", () => {
  it('knows the terminal statuses and ids the API uses', () => {
    const terminal = runStatus.options.filter((s) => !['queued', 'running', 'retrying'].includes(s));
    assert.deepEqual([...TERMINAL].sort(), terminal.sort());
    assert.match('run_01m8c0j6pqkn7dc6tctfs75wgp', ID.run);
    assert.match('pgr_01m8c0j6pqkn7dc6tctfs75wgn', ID.group);
    assert.match('tp_01m8c0j6nyq6qn8q195nc1xxqv', ID.plan);
    assert.match('sch_01m8d1bp7kftd6rbq3c0y6sbgw', SCHEDULE_ID);
    assert.match('nch_01m8d1bp7kftd6rbq3c0y6sbgw', CHANNEL_ID);
  });
});

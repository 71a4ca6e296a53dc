import type { Operation } from './define';
import environmentGet from './environment.get';
import environmentList from './environment.list';
import environmentUpsert from './environment.upsert';
import noteComment from './note.comment';
import noteCreate from './note.create';
import noteList from './note.list';
import runEvidence from './run.evidence';
import runGet from './run.get';
import runList from './run.list';
import runRerun from './run.rerun';
import runTrigger from './run.trigger';
import testCaseCreate from './test_case.create';
import testCaseGet from './test_case.get';
import testCaseList from './test_case.list';
import testCaseUpdateSteps from './test_case.update_steps';
import testPlanCreate from './test_plan.create';
import testPlanGet from './test_plan.get';
import testPlanList from './test_plan.list';
import testPlanSetMembers from './test_plan.set_members';

/** The v1 operation catalog: routes, OpenAPI and MCP tools are all derived from this list. */
export const catalog: Operation[] = [
  testCaseList,
  testCaseGet,
  testCaseCreate,
  testCaseUpdateSteps,
  testPlanList,
  testPlanGet,
  testPlanCreate,
  testPlanSetMembers,
  runTrigger,
  runList,
  runGet,
  runEvidence,
  runRerun,
  environmentList,
  environmentGet,
  environmentUpsert,
  noteList,
  noteCreate,
  noteComment,
];

export const operationsByName = new Map(catalog.map((op) => [op.name, op]));

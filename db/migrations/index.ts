import { Foundation1763784000000 } from './1763784000000-Foundation';
import { OrgMembers1763784100000 } from './1763784100000-OrgMembers';
import { Runs1763784200000 } from './1763784200000-Runs';
import { Artifacts1763784400000 } from './1763784400000-Artifacts';
import { PlansAndFlows1763784500000 } from './1763784500000-PlansAndFlows';
import { RunRequests1763784600000 } from './1763784600000-RunRequests';
import { ApiAssurance1763784700000 } from './1763784700000-ApiAssurance';
import { CiIntegration1763784800000 } from './1763784800000-CiIntegration';
import { Webhooks1763784900000 } from './1763784900000-Webhooks';
import { Retention1763785100000 } from './1763785100000-Retention';
import { OrgLimits1763786420000 } from './1763786420000-OrgLimits';
import { TestCaseStepCount1763841818000 } from './1763841818000-TestCaseStepCount';
import { MobileSessions1764180000000 } from './1764180000000-MobileSessions';
import { Schedules1764200000000 } from './1764200000000-Schedules';
import { Quarantine1764210000000 } from './1764210000000-Quarantine';
import { VisualChanges1764220000000 } from './1764220000000-VisualChanges';
import { TestCaseVersions1764300000000 } from './1764300000000-TestCaseVersions';
import { ConsoleSessions1764400000000 } from './1764400000000-ConsoleSessions';
import { VisualAcceptance1764500000000 } from './1764500000000-VisualAcceptance';
import { RunFinding1764600000000 } from './1764600000000-RunFinding';
import { KeysAndAudit1764700000000 } from './1764700000000-KeysAndAudit';
import { TestCaseRevisions1764850000000 } from './1764850000000-TestCaseRevisions';
import { NotificationChannels1765200000000 } from './1765200000000-NotificationChannels';
import { CommitReports1765200100000 } from './1765200100000-CommitReports';
import { PlanGroupScheduling1765300000000 } from './1765300000000-PlanGroupScheduling';
import { AccessibilityChecks1765500000000 } from './1765500000000-AccessibilityChecks';
import { RunSearchNames1765600000000 } from './1765600000000-RunSearchNames';
import { GenerationProposals1765700000000 } from './1765700000000-GenerationProposals';
import { TestCaseSettings1765720000000 } from './1765720000000-TestCaseSettings';
import { RunVideo1765725000000 } from './1765725000000-RunVideo';

/** Applied in order by `npm run migrate` (and by `npm start`). */
export const migrations = [
  Foundation1763784000000,
  OrgMembers1763784100000,
  Runs1763784200000,
  Artifacts1763784400000,
  PlansAndFlows1763784500000,
  RunRequests1763784600000,
  ApiAssurance1763784700000,
  CiIntegration1763784800000,
  Webhooks1763784900000,
  Retention1763785100000,
  OrgLimits1763786420000,
  TestCaseStepCount1763841818000,
  MobileSessions1764180000000,
  Schedules1764200000000,
  Quarantine1764210000000,
  VisualChanges1764220000000,
  TestCaseVersions1764300000000,
  ConsoleSessions1764400000000,
  VisualAcceptance1764500000000,
  RunFinding1764600000000,
  KeysAndAudit1764700000000,
  TestCaseRevisions1764850000000,
  NotificationChannels1765200000000,
  CommitReports1765200100000,
  PlanGroupScheduling1765300000000,
  AccessibilityChecks1765500000000,
  RunSearchNames1765600000000,
  GenerationProposals1765700000000,
  TestCaseSettings1765720000000,
  RunVideo1765725000000,
];

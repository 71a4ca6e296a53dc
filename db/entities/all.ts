import { foundationEntities } from './index';
import { OrgMemberEntity } from './members';
import { runEntities } from './runs';
import { artifactEntities } from './artifacts';
import { planEntities } from './plans';
import { runRequestEntities } from './run-requests';
import { assuranceEntities } from './assurance';
import { webhookEntities } from './webhooks';
import { scheduleEntities } from './schedules';
import { quarantineEntities } from './quarantine';
import { visualEntities } from './visual';
import { SavedViewEntity } from './saved-views';
import { notificationEntities } from './notifications';
import { commitReportEntities } from './commit-reports';

/** Every entity of the service; later capabilities append theirs here. */
export const allEntities = [
  ...foundationEntities,
  OrgMemberEntity,
  ...runEntities,
  ...artifactEntities,
  ...planEntities,
  ...runRequestEntities,
  ...assuranceEntities,
  ...webhookEntities,
  ...scheduleEntities,
  ...quarantineEntities,
  ...visualEntities,
  SavedViewEntity,
  ...notificationEntities,
  ...commitReportEntities,
];

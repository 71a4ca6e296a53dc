import type { Endpoint } from './define';
import { artifactEndpoints } from './artifacts';
import { assuranceEndpoint } from './assurance';
import { flowEndpoints } from './flows';
import { generatePlanEndpoint } from './generate';
import { evidenceMediaEndpoint, localMediaEndpoint } from './media';
import { planEndpoints } from './plans';
import { runRequestEndpoints } from './run-requests';
import { runnerValuesEndpoint } from './runner-channel';
import { runEndpoints } from './runs';
import { webhookEndpoints } from './webhooks';
import { planGroupEndpoints } from './plan-groups';
import { reportEndpoints } from './reports';
import { retentionEndpoints } from './retention';
import { mcpEndpoints } from '../mcp';
import { protectedResourceMetadataEndpoint } from '../oauth/metadata';

/** The resource-style endpoints (`/api/...` without a version): routes and OpenAPI derive from this list. */
export const resourceEndpoints: Endpoint[] = [
  protectedResourceMetadataEndpoint,
  ...mcpEndpoints,
  ...runEndpoints,
  ...planGroupEndpoints,
  ...reportEndpoints,
  assuranceEndpoint,
  evidenceMediaEndpoint,
  localMediaEndpoint,
  runnerValuesEndpoint,
  ...artifactEndpoints,
  ...planEndpoints,
  generatePlanEndpoint,
  ...flowEndpoints,
  ...runRequestEndpoints,
  ...webhookEndpoints,
  ...retentionEndpoints,
];

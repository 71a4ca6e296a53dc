import type { Endpoint } from './define';
import { flowEndpoints } from './flows';
import { generatePlanEndpoint } from './generate';
import { planEndpoints } from './plans';
import { runRequestEndpoints } from './run-requests';

/** Resource-style plans, generation, flows and run requests, installed together. */
export const planningEndpoints: Endpoint[] = [...planEndpoints, generatePlanEndpoint, ...flowEndpoints, ...runRequestEndpoints];

import type { Endpoint } from './define';
import { flowEndpoints } from './flows';
import { planEndpoints } from './plans';

/** Resource-style plans, generation, flows and run requests, installed together. */
export const planningEndpoints: Endpoint[] = [...planEndpoints, ...flowEndpoints];

import type { Endpoint } from './define';

/** Resource-style endpoints (`/api/...` without a version); each capability appends its own. */
export const resourceEndpoints: Endpoint[] = [];

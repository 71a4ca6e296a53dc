import { foundationEntities } from './index';
import { runEntities } from './runs';
import { planEntities } from './plans';
import { runRequestEntities } from './run-requests';

/** Every entity of the service; later capabilities append theirs here. */
export const allEntities = [...foundationEntities, ...runEntities, ...planEntities, ...runRequestEntities];

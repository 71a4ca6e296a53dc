import { foundationEntities } from './index';

/** Every entity of the service; later capabilities append theirs here. */
export const allEntities = [...foundationEntities];

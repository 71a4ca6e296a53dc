import { foundationEntities } from './index';
import { OrgMemberEntity } from './members';
import { runEntities } from './runs';
import { artifactEntities } from './artifacts';

/** Every entity of the service; later capabilities append theirs here. */
export const allEntities = [...foundationEntities, OrgMemberEntity, ...runEntities, ...artifactEntities];

import { EntitySchema } from 'typeorm';
import { epochMs } from './json';

/** A user (the OAuth `sub`) who may act for an organization with an access token. */
export interface OrgMember {
  orgId: string;
  userSub: string;
  createdAt: number;
}
export const OrgMemberEntity = new EntitySchema<OrgMember>({
  name: 'OrgMember',
  tableName: 'org_members',
  columns: {
    orgId: { type: 'varchar', length: 40, name: 'org_id', primary: true },
    userSub: { type: 'varchar', length: 255, name: 'user_sub', primary: true },
    createdAt: { type: 'bigint', name: 'created_at', transformer: epochMs },
  },
});

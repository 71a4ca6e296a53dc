import { EntitySchema } from 'typeorm';
import { column } from './json';

const { id, ref, ms } = column;

/** A member's named view of the Runs list: the list's query string, kept per organization and member. */
export interface SavedView {
  id: string;
  orgId: string;
  /** Whose view: `api_key:<key id>` or `oauth:<subject>`; nobody else lists or deletes it. */
  owner: string;
  name: string;
  /** The Runs list's filters as a URL query string (`status=failed&environmentSlug=staging`). */
  query: string;
  createdAt: number;
}
export const SavedViewEntity = new EntitySchema<SavedView>({
  name: 'SavedView',
  tableName: 'saved_views',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    owner: { type: 'varchar', length: 300 },
    name: { type: 'varchar', length: 100 },
    query: { type: 'varchar', length: 2000, name: 'query_text' },
    createdAt: { ...ms, name: 'created_at' },
  },
});

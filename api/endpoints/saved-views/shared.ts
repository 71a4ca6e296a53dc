import { z } from 'zod';
import type { Principal } from '../../../core/scopes';
import { invalid } from '../../../core/errors';
import type { SavedView } from '../../../db/entities/saved-views';
import { runFilterQuery } from '../../schemas/run-filters';

/** Views one member keeps at most: a menu, not an archive. */
export const MAX_VIEWS_PER_MEMBER = 50;

/** Whose views these are: the member (OpenID Connect subject) or the API key, within the organization. */
export const ownerOf = (p: Principal) => `${p.kind}:${p.subject}`;

export const savedView = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string().describe('The Runs list filters as a query string, e.g. `verdict=failed&environmentSlug=staging`.'),
  createdAt: z.number(),
});

export const presentView = (v: SavedView): z.infer<typeof savedView> => ({
  id: v.id,
  name: v.name,
  query: v.query,
  createdAt: v.createdAt,
});

const filters = z.strictObject(runFilterQuery);

/** The query string of a view, checked as run.list's filters so a saved view always opens. */
export function checkedQuery(text: string): string {
  const q = new URLSearchParams(text.replace(/^\?/, ''));
  const parsed = filters.safeParse(Object.fromEntries(q));
  if (!parsed.success)
    throw invalid(
      `query: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ')}`,
    );
  q.sort();
  return q.toString();
}

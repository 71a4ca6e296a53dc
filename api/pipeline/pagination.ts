import { canonicalJson, sha256 } from '../../core/crypto';
import { invalid } from '../../core/errors';

export const DEFAULT_LIMIT = 20;

/**
 * Opaque keyset cursors. Lists are ordered by id descending (ULIDs, so newest first); the cursor
 * names the last id seen, so rows inserted meanwhile never shift a page. It also carries a
 * digest of the filters, because a cursor is only meaningful for the query that made it.
 */
export function decodeCursor(cursor: string | undefined, filters: Record<string, unknown>): string | null {
  if (cursor === undefined) return null;
  let parsed: { after?: unknown; f?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor is not a cursor this service issued; pass nextCursor unchanged');
  }
  if (typeof parsed?.after !== 'string' || typeof parsed.f !== 'string') {
    throw invalid('cursor is not a cursor this service issued; pass nextCursor unchanged');
  }
  if (parsed.f !== filterDigest(filters)) {
    throw invalid(
      'cursor was issued for different filters; keep the filters unchanged across pages or start without a cursor',
    );
  }
  return parsed.after;
}

export function encodeCursor(lastId: string, filters: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ after: lastId, f: filterDigest(filters) })).toString('base64url');
}

function filterDigest(filters: Record<string, unknown>): string {
  return sha256(canonicalJson(filters)).slice(0, 16);
}

/** Fetch limit + 1 rows; this cuts the page and computes nextCursor. */
export function pageFrom<Row extends { id: string }, Item>(
  rows: Row[],
  limit: number,
  filters: Record<string, unknown>,
  toItem: (row: Row) => Item,
) {
  const page = rows.slice(0, limit);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1].id, filters) : null,
  };
}

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { invalid } from '../../core/errors';
import { requestKey } from '../pipeline/idempotency';

export const unique = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item)
    .min(1)
    .max(50)
    .refine((list) => new Set(list).size === list.length, `${what} must not repeat`)
    .meta({ uniqueItems: true });

/**
 * A run request's key: a UUID from the body or the header (api/pipeline/idempotency.ts), else a
 * fresh one; stored lower-case on the run request itself, which a replay answers as it is now.
 */
export function idempotencyKeyOf(fromBody: string | undefined, fromHeader: string): string {
  if (fromHeader && !z.uuid().safeParse(fromHeader).success) throw invalid('the Idempotency-Key header must be a UUID');
  const given = requestKey(fromBody?.toLowerCase(), fromHeader.toLowerCase() || undefined);
  return given?.key ?? randomUUID();
}

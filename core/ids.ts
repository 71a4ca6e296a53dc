import { encodeTime, monotonicFactory } from 'ulid';
import { z } from 'zod';

const nextUlid = monotonicFactory();

/** Record id prefixes; ids are ULIDs, so sorting by id sorts by creation time. */
export const idPrefixes = [
  'org',
  'key',
  'tc',
  'tp',
  'env',
  'note',
  'cmt',
  'run',
  'pgr',
  'med',
  'rr',
  'art',
  'sto',
  'flow',
  'wh',
  'evt',
  'whd',
  'sch',
  'qev',
  'aud',
  'view',
  'nch',
  'ntd',
  'scm',
] as const;
export type IdPrefix = (typeof idPrefixes)[number];

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid().toLowerCase()}`;
}

/** The schema of an id with the given prefix, as clients send it. */
export const idOf = (prefix: IdPrefix) =>
  z.string().regex(new RegExp(`^${prefix}_[0-9a-z]{26}$`), `an id of the form ${prefix}_…`);

/** The smallest id of `prefix` made at or after `ms`: a time bound that the (org_id, id) indexes serve. */
export function idFloor(prefix: IdPrefix, ms: number): string {
  return `${prefix}_${encodeTime(Math.max(0, Math.floor(ms)), 10).toLowerCase()}${'0'.repeat(16)}`;
}

import { monotonicFactory } from 'ulid';

const nextUlid = monotonicFactory();

/** Record id prefixes; ids are ULIDs, so sorting by id sorts by creation time. */
export type IdPrefix = 'org' | 'key' | 'tc' | 'tp' | 'env' | 'note' | 'cmt' | 'run' | 'pgr' | 'med' | 'rr' | 'art' | 'sto' | 'flow';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid().toLowerCase()}`;
}

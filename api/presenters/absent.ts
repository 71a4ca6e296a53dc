import { isFinal } from './shared';

/**
 * The one presenter rule for absent values: a field with no value is omitted from a response,
 * never sent as null, because the specification types such fields as plain strings and numbers.
 * Null stays only where the specification says it is meant: `nextCursor` on the last page and the
 * assurance `report` before it exists.
 */
const NULL_MEANT: ReadonlySet<string> = new Set(['nextCursor', 'report']);

/**
 * What a presenter may return for an output type `T`: optional fields may also be null (from a
 * nullable column), and omitAbsent turns that into "omitted".
 */
export type Presented<T> =
  T extends Array<infer U>
    ? Array<Presented<U>>
    : T extends object
      ? {
          [K in keyof T]: undefined extends T[K]
            ? Presented<Exclude<T[K], undefined>> | null | undefined
            : Presented<T[K]>;
        }
      : T;

/** Drops null-valued fields (deeply), except where null is meant; unchanged parts are not copied. */
export function omitAbsent<T>(value: Presented<T> | T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const stripped = item !== null && typeof item === 'object' ? strip(item) : item;
      if (stripped !== item) (copy ??= value.slice())[i] = stripped;
    }
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  // A value answered with its stored JSON text is final (presenters/shared.ts answeredAs).
  if (isFinal(value)) return value;
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const field = record[key];
    if (field === null) {
      if (NULL_MEANT.has(key)) continue;
      copy ??= { ...record };
      delete copy[key];
    } else if (typeof field === 'object') {
      const stripped = strip(field);
      if (stripped !== field) (copy ??= { ...record })[key] = stripped;
    }
  }
  return copy ?? value;
}

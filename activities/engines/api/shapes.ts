import { createHash } from 'node:crypto';

import type { JsonSchema } from '../../../core/assurance';

export type { JsonSchema };

const idLike = [
  /^\d+$/, // numbers
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUIDs
  /^[0-9a-f]{12,}$/i, // hex digests, object ids
  /^[a-z]{1,8}_[0-9a-z]{10,}$/i, // prefixed ids (ord_01h…)
  /^[0-9A-HJKMNP-TV-Z]{26}$/i, // ULIDs
  /^(?=.*\d)[A-Za-z0-9_-]{16,}$/, // long opaque tokens with digits
];

/**
 * The path shape of a concrete path: segments that look like ids (numbers, UUIDs, ULIDs, hex,
 * prefixed ids, long opaque tokens) become parameters named after the segment before them
 * (`/orders/42/notes` → `/orders/{orderId}/notes`). Values never survive into a shape.
 */
export function templatePath(path: string): string {
  const segments = path.split('?')[0].split('/');
  const used = new Set<string>();
  return segments
    .map((segment, i) => {
      if (i === 0 || !idLike.some((r) => r.test(segment))) return segment;
      const before = (segments[i - 1] ?? '').replace(/[^A-Za-z0-9]/g, '');
      const base = before ? `${before.replace(/ies$/, 'y').replace(/s$/, '')}Id` : 'id';
      let name = base;
      for (let n = 2; used.has(name); n++) name = `${base}${n}`;
      used.add(name);
      return `{${name}}`;
    })
    .join('/');
}

/** The type structure of a JSON value (keys and types, never values), as a canonical string. */
export function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.length ? shapeOf(value[0]) : ''}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${shapeOf((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A short digest of a body's shape: equal for bodies of the same structure, whatever their values. */
export function fingerprint(value: unknown): string {
  return `sha256:${createHash('sha256').update(shapeOf(value)).digest('hex').slice(0, 16)}`;
}

/** A JSON Schema of a body's types (no values, no enums, no examples), for documenting an observed route. */
export function inferSchema(value: unknown): JsonSchema {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) return { type: 'array', ...(value.length ? { items: inferSchema(value[0]) } : {}) };
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return {
      type: 'object',
      properties: Object.fromEntries(keys.map((k) => [k, inferSchema(record[k])])),
      required: keys,
    };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  return { type: typeof value };
}

import type { ValueTransformer } from 'typeorm';

/**
 * JSON stored in a text column: MariaDB's JSON is LONGTEXT without a parser on read while MySQL 8
 * parses it, so a transformer keeps both servers returning the same values.
 */
export const jsonText: ValueTransformer = {
  to: (value: unknown) => (value === undefined ? undefined : value === null ? null : JSON.stringify(value)),
  from: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
};

/** BIGINT epoch milliseconds arrive from mysql2 as strings; this keeps them numbers. */
export const epochMs: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
};

/** Column shapes every entity shares: ids, references, epoch milliseconds, JSON text. */
export const column = {
  id: { type: 'varchar', length: 40, primary: true },
  ref: { type: 'varchar', length: 40 },
  ms: { type: 'bigint', transformer: epochMs },
  json: { type: 'mediumtext', transformer: jsonText },
} as const;

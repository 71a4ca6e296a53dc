import type { z } from 'zod';

/** The parsed body zod would return, or undefined: zod parses it (and words the error). */
export type PlainParse = (body: Record<string, unknown>) => Record<string, unknown> | undefined;

/**
 * zod's own verdict on the plainest v1 bodies, without zod's parse: a strict object of strings
 * (length bounds, a pattern), finite numbers (bounds, safe integers), booleans, enums and
 * literals, each optional or not. zod's parse builds a payload and an issue list for every field
 * and a context for the whole (about 1 KB for run.get's three fields); a follower sends one on
 * every poll, and every byte a long-poll allocates brings the next collection of the young
 * generation nearer. The rules are read from the schema itself, so they cannot drift from it; a
 * schema with anything else (a transform, a default, a refinement, a nested object) gets null and
 * zod parses all its bodies. A body this refuses goes to zod too, whose issues are the error.
 * test/api/plain-body.test.ts holds the answers to zod's on every v1 body.
 */
export function plainParse(schema: z.ZodType): PlainParse | null {
  let parse = compiled.get(schema);
  if (parse === undefined) compiled.set(schema, (parse = compile(schema)));
  return parse;
}

const compiled = new WeakMap<z.ZodType, PlainParse | null>();

type Def = {
  type: string;
  coerce?: boolean;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
};
type CheckDef = {
  check: string;
  when?: unknown;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: unknown;
  inclusive?: boolean;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface Field {
  name: string;
  optional: boolean;
  accepts: (value: unknown) => boolean;
}

function compile(schema: z.ZodType): PlainParse | null {
  const def = defOf(schema);
  if (def.type !== 'object' || !def.catchall || defOf(def.catchall).type !== 'never' || def.checks?.length) return null;
  const fields: Field[] = [];
  for (const [name, field] of Object.entries(def.shape ?? {})) {
    const plain = plainField(name, field);
    if (!plain) return null;
    fields.push(plain);
  }
  const names = new Set(fields.map((f) => f.name));
  return (body) => {
    for (const key in body) if (!names.has(key)) return undefined; // strict: zod names the unknown field
    // A new object in the shape's order, as zod returns it (the body itself stays as it came).
    const parsed: Record<string, unknown> = {};
    // Index loops, and no closure per call: this runs for every body it serves.
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i];
      if (!Object.hasOwn(body, field.name)) {
        if (!field.optional) return undefined;
        continue;
      }
      const value = body[field.name];
      if (value === undefined ? !field.optional : !field.accepts(value)) return undefined;
      parsed[field.name] = value;
    }
    return parsed;
  };
}

function plainField(name: string, schema: z.ZodType): Field | null {
  let def = defOf(schema);
  const optional = def.type === 'optional';
  if (optional) def = defOf(def.innerType!);
  if (def.coerce) return null;
  const rules: Array<(value: never) => boolean> = [];
  for (const check of def.checks ?? []) {
    const rule = checkRule(def.type, check._zod.def);
    if (!rule) return null;
    rules.push(rule);
  }
  const all = (value: unknown) => {
    for (let i = 0; i < rules.length; i++) if (!rules[i](value as never)) return false;
    return true;
  };
  switch (def.type) {
    case 'string':
      return { name, optional, accepts: (value) => typeof value === 'string' && all(value) };
    case 'number':
      return { name, optional, accepts: (value) => typeof value === 'number' && Number.isFinite(value) && all(value) };
    case 'boolean':
      return rules.length ? null : { name, optional, accepts: (value) => typeof value === 'boolean' };
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (rules.length || !values.every((v) => typeof v === 'string')) return null;
      const allowed = new Set<unknown>(values);
      return { name, optional, accepts: (value) => allowed.has(value) };
    }
    case 'literal': {
      const allowed = new Set<unknown>(def.values ?? []);
      if (rules.length || ![...allowed].every((v) => typeof v === 'string' || typeof v === 'number')) return null;
      return { name, optional, accepts: (value) => allowed.has(value) };
    }
    default:
      return null;
  }
}

/** The rule a check applies, for the checks with no side effect; null for any other. */
function checkRule(type: string, check: CheckDef): ((value: never) => boolean) | null {
  // zod gives its length checks a guard (`when`: the value has a length), which every string passes.
  const lengthCheck = ['min_length', 'max_length', 'length_equals'].includes(check.check);
  if (check.when !== undefined && !(type === 'string' && lengthCheck)) return null;
  if (type === 'string') {
    const { minimum = 0, maximum = 0, length = 0 } = check;
    switch (check.check) {
      case 'min_length':
        return (value: string) => value.length >= minimum;
      case 'max_length':
        return (value: string) => value.length <= maximum;
      case 'length_equals':
        return (value: string) => value.length === length;
      case 'string_format': {
        const pattern = check.pattern;
        if (check.format !== 'regex' || !pattern) return null;
        return (value: string) => {
          pattern.lastIndex = 0; // as zod does: a global pattern keeps its place between tests
          return pattern.test(value);
        };
      }
      default:
        return null;
    }
  }
  if (type === 'number') {
    const bound = check.value;
    switch (check.check) {
      case 'number_format':
        return check.format === 'safeint' ? (value: number) => Number.isSafeInteger(value) : null;
      case 'greater_than':
        if (typeof bound !== 'number') return null;
        return check.inclusive ? (value: number) => value >= bound : (value: number) => value > bound;
      case 'less_than':
        if (typeof bound !== 'number') return null;
        return check.inclusive ? (value: number) => value <= bound : (value: number) => value < bound;
      default:
        return null;
    }
  }
  return null;
}

import type { DocumentedOperation } from './openapi';
import type { JsonSchema } from './shapes';

/** One schema-violating request body; `kind` names the violation (no values). */
export interface FuzzProbe {
  kind: 'missing-required' | 'wrong-type' | 'out-of-range' | 'oversized-string' | 'malformed-json';
  /** Customer-safe: which rule the request breaks, e.g. `quantity: wrong type (string for integer)`. */
  description: string;
  body: string;
}

const wrongValueFor = (schema: JsonSchema): { value: unknown; type: string } => {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return { value: 'not-a-number', type: 'string' };
    case 'boolean':
      return { value: 'not-a-boolean', type: 'string' };
    case 'array':
      return { value: { unexpected: true }, type: 'object' };
    case 'object':
      return { value: ['unexpected'], type: 'array' };
    default:
      return { value: 12345, type: 'integer' };
  }
};

/**
 * Schema-violating variants of a valid JSON request body the Run sent to a documented
 * operation: each required field missing, each property of the wrong type, numbers just outside
 * their bounds, a string past its maxLength, and malformed JSON. Deterministic, in this order.
 */
export function fuzzProbes(op: DocumentedOperation, validBody: unknown): FuzzProbe[] {
  if (op.method === 'DELETE') return [];
  const schema = op.operation.requestBody?.content?.['application/json']?.schema;
  if (!schema || schema.type !== 'object' || !validBody || typeof validBody !== 'object' || Array.isArray(validBody)) {
    return [];
  }
  const base = validBody as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const with_ = (name: string, value: unknown) => JSON.stringify({ ...base, [name]: value });
  const probes: FuzzProbe[] = [];
  for (const name of required) {
    const { [name]: _dropped, ...rest } = base;
    probes.push({ kind: 'missing-required', description: `${name}: required, left out`, body: JSON.stringify(rest) });
  }
  for (const [name, property] of Object.entries(properties)) {
    const wrong = wrongValueFor(property);
    probes.push({
      kind: 'wrong-type',
      description: `${name}: wrong type (${wrong.type} for ${String(property.type ?? 'any')})`,
      body: with_(name, wrong.value),
    });
  }
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property.minimum === 'number') {
      probes.push({
        kind: 'out-of-range',
        description: `${name}: below its minimum`,
        body: with_(name, property.minimum - 1),
      });
    }
    if (typeof property.maximum === 'number') {
      probes.push({
        kind: 'out-of-range',
        description: `${name}: above its maximum`,
        body: with_(name, property.maximum + 1),
      });
    }
    if (property.type === 'string' && typeof property.maxLength === 'number') {
      probes.push({
        kind: 'oversized-string',
        description: `${name}: longer than its maxLength`,
        body: with_(name, 'x'.repeat(Math.min(property.maxLength + 1, 100_000))),
      });
    }
  }
  probes.push({ kind: 'malformed-json', description: 'malformed JSON', body: '{"unterminated": ' });
  return probes;
}

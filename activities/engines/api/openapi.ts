import { dereference } from '@apidevtools/json-schema-ref-parser';
import type { JsonSchema } from './shapes';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface MediaType {
  schema?: JsonSchema;
}
export interface OpenApiOperation {
  parameters?: Array<{ name?: string; in?: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

/** One documented operation: `GET /orders/{orderId}`, with a matcher for concrete paths. */
export interface DocumentedOperation {
  key: string;
  method: string;
  template: string;
  operation: OpenApiOperation;
  pattern: RegExp;
  /** Literal segments: the more, the more specific (`/orders/mine` beats `/orders/{id}`). */
  literals: number;
}

export class ApiDocument {
  readonly operations: DocumentedOperation[];

  constructor(document: Record<string, unknown>) {
    const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
    this.operations = Object.entries(paths).flatMap(([template, item]) =>
      METHODS.filter((m) => item?.[m]).map((m) => {
        const segments = template.split('/');
        const source = segments
          .map((s) => (/^\{[^}]+\}$/.test(s) ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        return {
          key: `${m.toUpperCase()} ${template}`,
          method: m.toUpperCase(),
          template,
          operation: item[m],
          pattern: new RegExp(`^${source}/?$`),
          literals: segments.filter((s) => s && !s.startsWith('{')).length,
        };
      }),
    );
    this.operations.sort((a, b) => b.literals - a.literals);
  }

  /** The documented operation a concrete request belongs to, or null. */
  find(method: string, path: string): DocumentedOperation | null {
    const bare = path.split('?')[0];
    return this.operations.find((o) => o.method === method && o.pattern.test(bare)) ?? null;
  }
}

/**
 * Parses an OpenAPI 3.x document and resolves its internal `$ref`s with a maintained resolver.
 * External references are not followed: the runner reaches only the API under test.
 */
export async function parseDocument(raw: unknown): Promise<ApiDocument> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new DocumentError('the OpenAPI document is not a JSON object');
  const version = String((raw as Record<string, unknown>).openapi ?? '');
  if (!/^3\./.test(version)) throw new DocumentError('the document is not OpenAPI 3.x (no "openapi": "3.…" field)');
  let resolved: Record<string, unknown>;
  try {
    resolved = (await dereference(structuredClone(raw) as object, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
    })) as Record<string, unknown>;
  } catch {
    throw new DocumentError('the OpenAPI document has a $ref that does not resolve within it');
  }
  return new ApiDocument(resolved);
}

/** What is wrong with a target's OpenAPI document, in words fit for the assurance snapshot. */
export class DocumentError extends Error {
  readonly name = 'DocumentError';
}

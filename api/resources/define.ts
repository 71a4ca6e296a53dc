import type Koa from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import type { Principal, Scope } from '../../core/scopes';

/**
 * Who may call a resource-style endpoint: a scope, any valid credential, organization API keys
 * only, or nobody in particular (public, e.g. signed links and the OpenAPI document).
 */
export type Access = { scope: Scope } | 'credential' | 'api_key_only' | 'public';

/** Who calls an endpoint of this access: anyone may call a public one, any other has a principal. */
export type CallerOf<A extends Access> = A extends 'public' ? null : Principal;

export interface EndpointContext<P, Q, B, Caller extends Principal | null = Principal | null> {
  params: P;
  query: Q;
  body: B;
  principal: Caller;
  deps: AppDeps;
  requestId: string;
  koa: Koa.Context;
}

export interface Endpoint<P = any, Q = any, B = any, A extends Access = Access> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Koa path syntax, e.g. `/api/runs/:runId`; OpenAPI gets `{runId}`. */
  path: string;
  summary: string;
  description?: string;
  access: A;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType;
  /** HTTP status of a success (default 200). */
  status?: number;
  /**
   * A mutation made safe to retry by an `Idempotency-Key` header (same key and body → the first
   * response; another body → CONFLICT). Without the header the request simply runs.
   */
  idempotent?: boolean;
  /** The handler refuses a request without an Idempotency-Key header (the document marks it required). */
  requiresIdempotencyKey?: boolean;
  /** Internal plumbing (runner channel, local storage): served but left out of the OpenAPI document. */
  internal?: boolean;
  /** Documented non-JSON successes, e.g. a redirect. */
  responses?: Record<string, string>;
  /**
   * A check that runs before authentication, for rules that refuse a request whatever its
   * credential (e.g. the Origin rule of /api/mcp); throws an AppError to refuse.
   */
  before?(koa: Koa.Context, deps: AppDeps): void;
  handler(ctx: EndpointContext<P, Q, B, CallerOf<A>>): Promise<unknown>;
}

/**
 * Identity helper that keeps the handler's types tied to its schemas, and its principal to its
 * access: a handler of an endpoint that is not public always has one.
 */
export function defineEndpoint<P = {}, Q = {}, B = {}, const A extends Access = Access>(
  endpoint: Endpoint<P, Q, B, A>,
): Endpoint<P, Q, B, A> {
  return endpoint;
}

/** Query strings carry text; these coerce the common shapes. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a non-negative integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    // The document states the integer and its bounds (a query value travels as text).
    .meta({ type: 'integer', minimum: min, maximum: max, default: fallback })
    .optional()
    .transform((v) => v ?? fallback);

import type Koa from 'koa';
import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from './deps';
import type { Principal, Scope } from '../../core/scopes';
import type { Presented } from '../presenters/absent';
import type { LaterAnswer } from '../runs/later';

/**
 * Who may call an endpoint: a scope, any valid credential, organization API keys only, or
 * nobody in particular (public: signed links, the OpenAPI document).
 */
export type Access = { scope: Scope } | 'credential' | 'api_key_only' | 'public';

/** Who calls an endpoint of this access: anyone may call a public one, any other has a principal. */
export type CallerOf<A extends Access> = A extends 'public' ? null : Principal;

/**
 * Whether a mutation is made safe to retry by a key. v1 operations and MCP tools take it from the
 * body's `idempotencyKey` (always required there); REST bindings from the `Idempotency-Key` header.
 */
export type Idempotency = 'none' | 'optional' | 'required';

/** When `confirm: true` is needed; documented in OpenAPI and MCP from this one value. */
export type ConfirmRule = 'never' | 'always' | 'when_removing_members' | 'when_updating_existing' | 'when_changing';

export const confirmRuleText: Record<ConfirmRule, string> = {
  never: 'Never needs confirm (accepted, and ignored).',
  always:
    'Always requires "confirm": true; without it nothing is written and the error carries details.confirmRequired and a details.wouldChange preview.',
  when_removing_members:
    'Requires "confirm": true only when Test Cases would be removed; the unconfirmed error lists them in details.wouldChange.',
  when_updating_existing:
    'Requires "confirm": true when the slug already exists (an update); the unconfirmed error previews the change in details.wouldChange.',
  when_changing:
    'Requires "confirm": true when the request changes what is stored; the unconfirmed error previews it in details.wouldChange.',
};

/** Which surface called: v1 over HTTP, MCP, or a REST binding; a Run records where it was triggered from. */
export type Surface = 'v1' | 'resource' | 'mcp';

export interface EndpointContext<Caller extends Principal | null = Principal | null, Http = Koa.Context | undefined> {
  principal: Caller;
  /** The caller's organization (empty for a public endpoint). */
  orgId: string;
  /**
   * The transaction of an atomic idempotent mutation (its key commits with its writes), else the
   * plain manager.
   */
  db: EntityManager;
  deps: AppDeps;
  requestId: string;
  surface: Surface;
  /** performance.now() when the request arrived: a long-poll's deadline counts from it. */
  receivedAt: number;
  /** A long-poll calls this as it starts waiting: the request's deadline grows by the wait. */
  extendDeadline(waitMs: number): void;
  /** Work to do once the mutation has committed (e.g. starting workflows). */
  afterCommit(effect: () => Promise<void>): void;
  /** The HTTP request of a REST binding (redirects, headers); v1 and MCP calls have none. */
  koa: Http;
}

/**
 * A REST binding: a method and a path, and how the endpoint answers there. An endpoint whose REST
 * shape differs from its v1 one (POST /api/trigger for run.trigger) maps request and response.
 */
export interface RestBinding<Out = any> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Koa path syntax, e.g. `/api/runs/:runId`; OpenAPI gets `{runId}`. */
  path: string;
  /** HTTP status of a success (default 200). */
  status?: number;
  /** Documented non-JSON successes and extra answers, e.g. a redirect. */
  responses?: Record<string, string>;
  /** Headers of a success, by name, with what they carry (e.g. a Link to the next page). */
  headers?: Record<string, string>;
  /** Internal plumbing (runner channel, local storage): served but left out of the OpenAPI document. */
  internal?: boolean;
  /**
   * A check that runs before authentication, for rules that refuse a request whatever its
   * credential (e.g. the Origin rule of /api/mcp); throws an AppError to refuse.
   */
  before?(koa: Koa.Context, deps: AppDeps): void;
  /**
   * This binding's own request and answer, when they differ from the endpoint's: its body is part of
   * the endpoint's input, completed with the Idempotency-Key header as `idempotencyKey`.
   */
  shape?: {
    summary: string;
    description: string;
    body: z.ZodType;
    response: z.ZodType;
    /** The key a header-less request gets: none (it runs once, unguarded), or a fresh one. */
    keyWhenAbsent?: 'none' | 'fresh';
    toResponse(output: Out): unknown;
  };
}

export interface Bindings {
  /** POST /api/v1/<name> */
  v1?: true;
  /** The MCP tool `<name with _ for .>` (v1 operations only). */
  mcp?: true;
  rest?: RestBinding;
}

type Answered<Out> = Presented<Out> | LaterAnswer<Presented<Out>> | undefined;
/** A promise, or the answer itself from a handler that can answer at once (run.get parking a follower). */
type HandlerAnswer<Out> = Promise<Answered<Out>> | Answered<Out>;

export interface Endpoint<In = any, Out = any, A extends Access = Access> {
  /** `<resource>.<verb>`: the v1 operation name, the idempotency namespace, the file name. */
  name: string;
  summary: string;
  /** The v1 operation's composed description (extension, scope, idempotency, confirm). */
  description: string;
  /** What the endpoint says in the resource-style section of the document (no composed parts). */
  restDescription?: string;
  access: A;
  /** Scopes a particular input needs besides the access scope (e.g. relocating secrets). */
  extraScopes?: (input: In) => Scope[];
  idempotency: Idempotency;
  /**
   * The key's claim commits with the handler's writes (`ctx.db`): a mutation either happened
   * with its key or not at all. Handlers that start workflows and wait for them, or write files,
   * cannot run in one transaction: their key is claimed first and their answer stored after.
   */
  atomic: boolean;
  confirm: ConfirmRule;
  /** Not one of the specification's 18 operations: documented as an extension in OpenAPI and MCP. */
  extension?: boolean;
  /** The request body (v1: the whole input, strict, with idempotencyKey and confirm as the rules need). */
  body?: z.ZodType;
  /** REST path parameters. */
  params?: z.ZodType;
  /** REST query string. */
  query?: z.ZodType;
  output: z.ZodType<Out>;
  bindings: Bindings;
  /** The input is params, query and body in one object; optional fields may be answered null. */
  handler(input: In, ctx: EndpointContext<CallerOf<A>, any>): HandlerAnswer<Out>;
  /** Runs after a replayed idempotent response, to finish effects a crash may have cut short. */
  onReplay?(output: Out, ctx: EndpointContext<CallerOf<A>, any>): Promise<void>;
  /** What the idempotency record keeps of an answer: a secret shown once is left out (default: all of it). */
  storedAnswer?(output: Out): unknown;
}

const idempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .describe('Required. Reuse the same key when retrying the same mutation; a new key for a different one.');
const confirm = z
  .boolean()
  .optional()
  .describe('Set to true to apply a change that replaces existing configuration, after reading the preview.');
/** The specification: confirm "is never required for a create or for run.trigger"; sending it is harmless. */
const confirmAccepted = z
  .boolean()
  .optional()
  .describe('Accepted for uniformity with other mutations; this operation replaces nothing, so it changes nothing.');

type Shape = z.ZodRawShape;
type Infer<S> = S extends z.ZodType ? z.output<S> : S extends Shape ? z.output<z.ZodObject<S>> : {};
type V1Extras<B, Idem, Conf> = B extends { v1: true }
  ? (Idem extends 'required' ? { idempotencyKey: string } : {}) &
      (Conf extends 'never' ? (Idem extends 'required' ? { confirm?: boolean } : {}) : { confirm?: boolean })
  : {};
type InputOf<P, Q, Body, B, Idem, Conf> = Infer<P> & Infer<Q> & Infer<Body> & V1Extras<B, Idem, Conf>;
/** The HTTP request is there for endpoints bound to REST alone. */
type HttpOf<B> = B extends { v1: true } ? undefined : Koa.Context;

/**
 * Defines one endpoint, whatever its bindings. A v1 operation's body is a raw shape made a strict
 * object with `idempotencyKey` and `confirm` added as its rules need (every mutation accepts
 * `confirm`; only replacing ones read it); REST-only bodies are any zod schema. The handler's
 * principal follows the access: it is never null unless the endpoint is public.
 */
export function defineEndpoint<
  const A extends Access,
  const B extends Bindings,
  Out extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | Shape | undefined = undefined,
  const Idem extends Idempotency = 'none',
  const Conf extends ConfirmRule = 'never',
>(def: {
  name: string;
  summary: string;
  description?: string;
  access: A;
  extraScopes?: (input: InputOf<P, Q, Body, B, Idem, Conf>) => Scope[];
  idempotency?: Idem;
  /** Default: true for v1 operations (their handlers write through ctx.db), false otherwise. */
  atomic?: boolean;
  confirm?: Conf;
  extension?: boolean;
  bindings: B;
  params?: P;
  query?: Q;
  body?: Body;
  /** JSON Schema keywords for rules across a v1 body's fields (e.g. oneOf of required). */
  bodyRules?: Record<string, unknown>;
  output: Out;
  handler(
    input: InputOf<P, Q, Body, B, Idem, Conf>,
    ctx: EndpointContext<CallerOf<A>, HttpOf<B>>,
  ): HandlerAnswer<z.infer<Out>>;
  onReplay?(output: z.infer<Out>, ctx: EndpointContext<CallerOf<A>, HttpOf<B>>): Promise<void>;
  storedAnswer?(output: z.infer<Out>): unknown;
}): Endpoint<InputOf<P, Q, Body, B, Idem, Conf>, z.infer<Out>, A> {
  const idempotency = def.idempotency ?? ('none' as Idem);
  const confirmRule = def.confirm ?? ('never' as Conf);
  const v1 = def.bindings.v1 === true;
  const scope = typeof def.access === 'object' ? def.access.scope : undefined;
  return {
    name: def.name,
    summary: def.summary,
    description: v1
      ? [
          def.extension ? "Extension (not one of the specification's 18 operations)." : '',
          def.description ?? def.summary,
          `Scope: ${scope}.`,
          idempotency === 'required' ? 'Mutation: idempotencyKey is required.' : 'Read-only.',
          confirmRule !== 'never' ? confirmRuleText[confirmRule] : '',
        ]
          .filter(Boolean)
          .join(' ')
      : (def.description ?? def.summary),
    restDescription: def.description,
    access: def.access,
    extraScopes: def.extraScopes as never,
    idempotency,
    atomic: def.atomic ?? v1,
    confirm: confirmRule,
    extension: def.extension,
    body: v1 ? v1Body(def.body as Shape | undefined, idempotency, confirmRule, def.bodyRules) : (def.body as never),
    params: def.params,
    query: def.query,
    output: def.output as never,
    bindings: def.bindings,
    handler: def.handler as never,
    onReplay: def.onReplay as never,
    storedAnswer: def.storedAnswer as never,
  };
}

function v1Body(shape: Shape = {}, idem: Idempotency, rule: ConfirmRule, rules?: Record<string, unknown>) {
  const fields: Record<string, z.core.$ZodType> = { ...shape };
  if (idem === 'required') fields.idempotencyKey = idempotencyKey;
  if (rule !== 'never') fields.confirm = confirm;
  else if (idem === 'required') fields.confirm = confirmAccepted;
  return z.strictObject(fields).meta(rules ?? {});
}

/** What a Run's trigger records as where it was asked for: the console, or the surface of the call. */
export const triggerSource = (ctx: { principal: Principal | null; surface: Surface }): 'console' | Surface =>
  ctx.principal?.via === 'console' ? 'console' : ctx.surface;

/** The scope an endpoint's access names, if any. */
export const scopeOf = (e: Pick<Endpoint, 'access'>): Scope | undefined =>
  typeof e.access === 'object' ? e.access.scope : undefined;

/** An operation's MCP tool name, also its OpenAPI operationId: `.` becomes `_` (shared/interface.md, "MCP"). */
export const toolName = (e: Pick<Endpoint, 'name'>) => e.name.replace(/\./g, '_');

/** Shared pieces of v1 list operations. */
export const listPage = {
  limit: z.number().int().min(1).max(100).optional().describe('Page size, 1..100 (default 20).'),
  cursor: z.string().max(500).optional().describe("The previous response's nextCursor; keep the filters unchanged."),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  });
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

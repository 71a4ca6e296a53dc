import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from '../deps';
import type { Principal, Scope } from '../../core/scopes';
import type { Presented } from '../presenters/absent';
import type { LaterAnswer } from './later';

/** When `confirm: true` is needed; documented in OpenAPI and MCP from this one value. */
export type ConfirmRule = 'never' | 'always' | 'when_removing_members' | 'when_updating_existing';

export const confirmRuleText: Record<ConfirmRule, string> = {
  never: 'Never needs confirm (accepted, and ignored).',
  always:
    'Always requires "confirm": true; without it nothing is written and the error carries details.confirmRequired and a details.wouldChange preview.',
  when_removing_members:
    'Requires "confirm": true only when Test Cases would be removed; the unconfirmed error lists them in details.wouldChange.',
  when_updating_existing:
    'Requires "confirm": true when the slug already exists (an update); the unconfirmed error previews the change in details.wouldChange.',
};

export interface OperationContext {
  principal: Principal;
  orgId: string;
  /** The transaction of an idempotent mutation, or the plain manager for reads. */
  db: EntityManager;
  deps: AppDeps;
  requestId: string;
  /** Which surface called: the v1 catalog (HTTP or MCP), or a resource-style endpoint built on it. */
  surface: 'v1' | 'resource';
  /** performance.now() when the request arrived: a long-poll's deadline counts from it. */
  receivedAt: number;
  /** A long-poll calls this as it starts waiting: the request's deadline grows by the wait. */
  extendDeadline(waitMs: number): void;
  /** Work to do once the transaction has committed (e.g. starting workflows). */
  afterCommit(effect: () => Promise<void>): void;
}

export interface Operation<Input = any, Output = any> {
  name: string;
  summary: string;
  description: string;
  scope: Scope;
  /** Scopes a particular input needs besides `scope` (e.g. relocating secrets). */
  extraScopes?: (input: Input) => Scope[];
  idempotency: 'required' | 'none';
  confirm: ConfirmRule;
  /** Whether the MCP interface exposes this operation as a tool. */
  mcp: boolean;
  /** Not one of the specification's 18 operations: documented as an extension in OpenAPI and MCP. */
  extension?: boolean;
  input: z.ZodType<Input>;
  output: z.ZodType<Output>;
  /**
   * May leave optional fields null: the response omits them (presenters/absent.ts). A long-poll
   * answers a LaterAnswer once it parks (already presented when it settles).
   */
  handler(input: Input, ctx: OperationContext): Promise<Presented<Output> | LaterAnswer<Presented<Output>>>;
  /** Runs after a replayed idempotent response, to finish effects a crash may have cut short. */
  onReplay?(output: Output, ctx: Omit<OperationContext, 'afterCommit'>): Promise<void>;
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

type Extras<Idem, Conf> = (Idem extends 'required' ? { idempotencyKey: string } : {}) &
  (Conf extends 'never' ? (Idem extends 'required' ? { confirm?: boolean } : {}) : { confirm?: boolean });

/**
 * Defines one v1 operation. The input is a strict object (unknown fields are rejected) with
 * `idempotencyKey` and `confirm` added as the operation's rules need them: every mutation
 * accepts `confirm`, and only replacing ones read it.
 */
export function defineOperation<
  Shape extends z.ZodRawShape,
  Out extends z.ZodType,
  Idem extends 'required' | 'none',
  Conf extends ConfirmRule,
>(def: {
  name: string;
  summary: string;
  description?: string;
  scope: Scope;
  extraScopes?: (input: z.infer<z.ZodObject<Shape>> & Extras<Idem, Conf>) => Scope[];
  idempotency: Idem;
  confirm: Conf;
  mcp?: boolean;
  extension?: boolean;
  input: Shape;
  /** JSON Schema keywords for rules across fields (e.g. oneOf of required), so the documents state them too. */
  inputRules?: Record<string, unknown>;
  output: Out;
  handler(
    input: z.infer<z.ZodObject<Shape>> & Extras<Idem, Conf>,
    ctx: OperationContext,
  ): Promise<Presented<z.infer<Out>> | LaterAnswer<Presented<z.infer<Out>>>>;
  onReplay?(output: z.infer<Out>, ctx: Omit<OperationContext, 'afterCommit'>): Promise<void>;
}): Operation<z.infer<z.ZodObject<Shape>> & Extras<Idem, Conf>, z.infer<Out>> {
  const shape: Record<string, z.core.$ZodType> = { ...def.input };
  if (def.idempotency === 'required') shape.idempotencyKey = idempotencyKey;
  if (def.confirm !== 'never') shape.confirm = confirm;
  else if (def.idempotency === 'required') shape.confirm = confirmAccepted;
  const description = [
    def.extension ? "Extension (not one of the specification's 18 operations)." : '',
    def.description ?? def.summary,
    `Scope: ${def.scope}.`,
    def.idempotency === 'required' ? 'Mutation: idempotencyKey is required.' : 'Read-only.',
    def.confirm !== 'never' ? confirmRuleText[def.confirm] : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    name: def.name,
    summary: def.summary,
    description,
    scope: def.scope,
    extraScopes: def.extraScopes,
    idempotency: def.idempotency,
    confirm: def.confirm,
    mcp: def.mcp ?? true,
    extension: def.extension,
    input: z.strictObject(shape).meta(def.inputRules ?? {}) as never,
    output: def.output as never,
    handler: def.handler,
    onReplay: def.onReplay,
  };
}

/** Shared pieces of list operations. */
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

/** An operation's MCP tool name, also its OpenAPI operationId: `.` becomes `_` (shared/interface.md, "MCP"). */
export const toolName = (op: Pick<Operation, 'name'>) => op.name.replace(/\./g, '_');

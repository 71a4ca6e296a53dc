import type { z } from 'zod';
import { AppError } from '../../core/errors';
import { canonicalJson, sha256 } from '../../core/crypto';
import { isDeadlock, isDuplicateKey } from '../../db/data-source';
import { bearerChallenge } from '../middleware/auth';
import { idempotencyRepository as idem } from '../../db/repositories/idempotency';
import type { AppDeps } from '../deps';
import type { Principal, Scope } from '../../core/scopes';
import type { Operation, OperationContext } from './define';
import { omitAbsent } from '../presenters/absent';
import { LaterAnswer } from './later';

/** Idempotency records live at least 24 hours (the contract); we keep them two days. */
export const IDEMPOTENCY_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * The one scope check of every surface. An OAuth caller also gets the RFC 6750
 * `insufficient_scope` challenge naming the scope, so its client can request it.
 */
export function requireScope(principal: Principal, scope: Scope): void {
  if (principal.scopes.has(scope)) return;
  const headers = principal.resourceMetadataUrl
    ? {
        'WWW-Authenticate': bearerChallenge(
          principal.resourceMetadataUrl,
          `error="insufficient_scope", scope="${scope}", `,
        ),
      }
    : undefined;
  throw new AppError(
    'PERMISSION_DENIED',
    `This credential lacks the scope ${scope}`,
    { requiredScope: scope },
    headers,
  );
}

/** Turns zod issues into one readable INVALID_ARGUMENT. */
export function validationError(error: z.ZodError): AppError {
  const issues = error.issues.slice(0, 20).map((i) => ({
    path: i.path.map(String).join('.') || '(body)',
    message:
      i.code === 'unrecognized_keys' ? `unknown field(s): ${(i as { keys: string[] }).keys.join(', ')}` : i.message,
  }));
  const message = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new AppError('INVALID_ARGUMENT', message, { issues });
}

export function parseInput<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const noCommit = () => {
  throw new Error('reads have no commit');
};

/** Who calls a catalog operation, from which surface, and how the surface wants the answer. */
export interface OperationCall {
  principal: Principal;
  deps: AppDeps;
  requestId: string;
  /** Which surface called: the v1 catalog (HTTP or MCP), or a resource-style endpoint built on it. */
  surface?: OperationContext['surface'];
  /** performance.now() when the request arrived (long-poll deadlines count from it). */
  receivedAt?: number;
  /** Moves the request's deadline once a long-poll waits (api/middleware/deadline.ts). */
  extendDeadline?: (waitMs: number) => void;
  /** The caller writes a LaterAnswer itself when it settles (the v1 HTTP surface); others get its value. */
  keepLater?: boolean;
}

/**
 * Runs one catalog operation for an authenticated caller: scope, validation, then the handler,
 * inside an idempotent transaction for mutations. HTTP and MCP both come through here.
 */
export async function invokeOperation(op: Operation, raw: unknown, call: OperationCall): Promise<unknown> {
  const { principal, deps, requestId, surface = 'v1', keepLater = false } = call;
  const receivedAt = call.receivedAt ?? performance.now();
  const extendDeadline = call.extendDeadline ?? (() => undefined);
  requireScope(principal, op.scope);
  const input = parseInput(op.input, raw) as Record<string, unknown>;
  // Accepted on every mutation, read only by replacing ones: elsewhere it is no part of the request.
  // (Only when present: a delete turns the object into a slower dictionary.)
  if (op.confirm === 'never' && input.confirm !== undefined) delete input.confirm;
  if (op.extraScopes) for (const scope of op.extraScopes(input)) requireScope(principal, scope);

  if (op.idempotency === 'none') {
    const { orgId } = principal;
    const db = deps.db.manager;
    const context = {
      principal,
      orgId,
      deps,
      requestId,
      surface,
      receivedAt,
      extendDeadline,
      db,
      afterCommit: noCommit,
    };
    const answer = await op.handler(input, context);
    if (answer instanceof LaterAnswer) return keepLater ? answer : answer.settled;
    return omitAbsent(answer);
  }
  const base = { principal, orgId: principal.orgId, deps, requestId, surface, receivedAt, extendDeadline };
  return omitAbsent(await runIdempotent(op, input, base));
}

async function runIdempotent(
  op: Operation,
  input: Record<string, unknown>,
  base: Omit<OperationContext, 'db' | 'afterCommit'>,
) {
  const { idempotencyKey, ...request } = input as { idempotencyKey: string };
  const requestHash = sha256(canonicalJson(request));
  const { deps, orgId } = base;

  for (let attempt = 1; ; attempt++) {
    const effects: Array<() => Promise<void>> = [];
    try {
      const output = await deps.db.transaction(async (db) => {
        // The claim and the mutation commit together: a concurrent request with the same key
        // blocks on the row lock and then sees the committed response (or, after a rollback,
        // claims the key itself). No check-then-insert race.
        await idem.claim(db, orgId, op.name, idempotencyKey, requestHash, Date.now(), IDEMPOTENCY_TTL_MS);
        const result = await op.handler(input, { ...base, db, afterCommit: (e) => effects.push(e) });
        await idem.complete(db, orgId, op.name, idempotencyKey, result);
        return result;
      });
      for (const effect of effects) await effect();
      return output;
    } catch (error) {
      if (isDeadlock(error) && attempt < 4) continue;
      if (!isDuplicateKey(error)) throw error;
      const stored = await idem.find(deps.db.manager, orgId, op.name, idempotencyKey);
      if (!stored) {
        // the holder rolled back between our claim and our read
        if (attempt < 4) continue;
        throw error;
      }
      if (stored.expiresAt < Date.now()) {
        await idem.removeExpired(deps.db.manager, orgId, op.name, idempotencyKey, Date.now());
        if (attempt < 4) continue;
      }
      if (stored.requestHash !== requestHash) {
        throw new AppError(
          'CONFLICT',
          `idempotencyKey "${idempotencyKey}" was already used for a different ${op.name} request; use a new key for a different mutation`,
        );
      }
      await op.onReplay?.(stored.response, { ...base, db: deps.db.manager });
      return stored.response;
    }
  }
}

import { canonicalJson, sha256 } from '../../core/crypto';
import type { AppDeps } from '../deps';
import { AppError } from '../../core/errors';
import { IDEMPOTENCY_TTL_MS } from '../catalog/invoke';
import { isDuplicateKey } from '../../db/data-source';
import { idempotencyRepository as idem } from '../../db/repositories/idempotency';

/** A claim older than this whose owner never finished (a crash) may be taken over. */
const ABANDONED_AFTER_MS = 60_000;
const WAIT_FOR_OWNER_MS = 10_000;

/**
 * `Idempotency-Key` for resource-style mutations whose handlers start workflows or write
 * files, and so cannot run inside one transaction with the key. The key is claimed first
 * (unique row), the response stored after; a duplicate waits for the first to finish and gets
 * its response, a different body is CONFLICT, and a failed attempt releases the key.
 */
export async function withIdempotencyKey<T>(
  deps: AppDeps,
  orgId: string,
  operation: string,
  key: string,
  request: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const hash = sha256(canonicalJson(request));
  const db = deps.db.manager;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await idem.claim(db, orgId, operation, key, hash, Date.now(), IDEMPOTENCY_TTL_MS);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const replay = await awaitOwner(deps, orgId, operation, key, hash);
      if (replay.done) return replay.response as T;
      continue; // the claim was released or abandoned: claim it ourselves
    }
    try {
      const response = await run();
      await idem.complete(db, orgId, operation, key, { value: response });
      return response;
    } catch (error) {
      await idem.release(db, orgId, operation, key).catch(() => undefined);
      throw error;
    }
  }
  throw new AppError('CONFLICT', `a request with Idempotency-Key "${key}" is still in flight; retry shortly`);
}

async function awaitOwner(deps: AppDeps, orgId: string, operation: string, key: string, hash: string) {
  const deadline = Date.now() + WAIT_FOR_OWNER_MS;
  for (;;) {
    const stored = await idem.find(deps.db.manager, orgId, operation, key);
    if (!stored) return { done: false as const };
    if (stored.requestHash !== hash) {
      throw new AppError(
        'CONFLICT',
        `Idempotency-Key "${key}" was already used for a different request; use a new key`,
      );
    }
    if (stored.response) return { done: true as const, response: (stored.response as { value: unknown }).value };
    if (stored.expiresAt - IDEMPOTENCY_TTL_MS < Date.now() - ABANDONED_AFTER_MS || stored.expiresAt < Date.now()) {
      await idem.release(deps.db.manager, orgId, operation, key);
      return { done: false as const };
    }
    if (Date.now() > deadline)
      throw new AppError('CONFLICT', `a request with Idempotency-Key "${key}" is still in flight; retry shortly`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

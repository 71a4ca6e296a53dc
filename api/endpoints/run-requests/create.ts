import { z } from 'zod';
import { isDuplicateKey } from '../../../db/repositories/query';
import { runRequestRepository } from '../../../db/repositories/run-requests';
import { recordName } from '../../schemas/catalog';
import { idOf as id } from '../../../core/ids';
import { platforms } from '../../../core/runs';
import { slug } from '../../../core/steps';
import { canonicalJson, sha256 } from '../../../core/crypto';
import { AppError } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { startRunRequestWorkflow } from '../../temporal/starts';
import { runRequestRecord, runRequestView } from '../../presenters/run-requests';
import { readRunRequest } from '../../runs/run-request-read';
import { defineEndpoint } from '../../pipeline/model';
import { limitRunRequestRate } from '../../middleware/limits';
import { unique, idempotencyKeyOf } from '../../schemas/run-requests';

export default defineEndpoint({
  name: 'run_requests.create',
  bindings: {
    rest: {
      method: 'POST',
      path: '/api/run-requests',
      status: 202,
      responses: { 409: 'The idempotency key was already used for a different request' },
    },
  },
  summary: 'Ask for Runs in words or by plan: resolved into a plan × environment matrix, each entry one Run.',
  description:
    'Give request (natural language) or planIds / planNames (structured), optionally with environmentSlugs and ' +
    'platforms. The answer is the run request record (status interpreting); follow it with GET /api/run-requests/status. ' +
    'The matrix holds at most RUN_REQUEST_MAX_ENTRIES plan × environment entries (default 8); each entry queues its ' +
    "plan's Runs (one per member Test Case and one for its inline steps), which do not count against the limit. A " +
    'larger matrix is rejected with nothing queued. Idempotency: a UUID in ' +
    'idempotencyKey or the Idempotency-Key header (generated when omitted); resending it returns the original request, ' +
    'interpreted and billed once, even past the run-request rate. The same key with a different body is 409. Each organization may send ' +
    'RUN_REQUEST_RATE_PER_MINUTE run requests a minute (default 30, bursts of RUN_REQUEST_BURST, default 10; ' +
    'replays do not count); past it the answer is 429 RESOURCE_EXHAUSTED with Retry-After.',
  access: { scope: 'svc:runs:write' },
  body: z
    .strictObject({
      request: z
        .string()
        .trim()
        .min(1)
        .max(4000)
        .meta({ pattern: '\\S' })
        .optional()
        .describe('What to run, in natural language.'),
      planIds: unique(id('tp'), 'planIds').optional(),
      planNames: unique(recordName, 'planNames').optional(),
      environmentSlugs: unique(slug, 'environmentSlugs')
        .optional()
        .describe('Environments to run against; default: those the request names, or the only one.'),
      platforms: platforms.optional().describe("Platforms of every Run; default: each plan's own."),
      idempotencyKey: z.uuid().optional().describe('A UUID; may come in the Idempotency-Key header instead.'),
    })
    .refine((b) => b.request || b.planIds || b.planNames, {
      message: 'give request (natural language) or planIds / planNames',
      path: ['request'],
    })
    .meta({ anyOf: [{ required: ['request'] }, { required: ['planIds'] }, { required: ['planNames'] }] }),
  output: runRequestRecord,
  async handler(input, { principal, deps, koa }) {
    const idemKey = idempotencyKeyOf(input.idempotencyKey, koa.get('Idempotency-Key'));
    const { idempotencyKey: _key, ...fields } = input;
    const requestHash = sha256(canonicalJson(fields));
    // A replay queues nothing: it answers the recorded request without spending the rate.
    const recorded = await runRequestRepository.byKey(deps.db.manager, principal.orgId, idemKey);
    if (recorded) return replay(recorded);
    await limitRunRequestRate(deps, principal.orgId);
    const now = Date.now();
    const row = {
      id: newId('rr'),
      orgId: principal.orgId,
      idemKey,
      requestHash,
      status: 'interpreting' as const,
      request: input.request ?? null,
      input: {
        planIds: input.planIds,
        planNames: input.planNames,
        environmentSlugs: input.environmentSlugs,
        platforms: input.platforms,
      },
      resolutionSource: null,
      rejectionReasons: [],
      error: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    };
    try {
      await runRequestRepository.insert(deps.db.manager, row);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const existing = await runRequestRepository.byKey(deps.db.manager, row.orgId, idemKey);
      if (!existing) throw error;
      return replay(existing);
    }
    await startRunRequestWorkflow(deps, row);
    return runRequestView(await readRunRequest(deps.db.manager, row));

    async function replay(existing: NonNullable<Awaited<ReturnType<typeof runRequestRepository.byKey>>>) {
      if (existing.requestHash !== requestHash) {
        throw new AppError(
          'CONFLICT',
          `idempotency key ${idemKey} was already used for a different run request; use a new key for a different request`,
        );
      }
      // A replay may follow a crash between the insert and the workflow start.
      if (existing.status === 'interpreting') await startRunRequestWorkflow(deps, existing);
      koa.set('Idempotent-Replayed', 'true');
      return runRequestView(await readRunRequest(deps.db.manager, existing));
    }
  },
});

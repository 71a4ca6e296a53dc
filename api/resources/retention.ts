import { z } from 'zod';
import { confirmRequired, notFound } from '../../core/errors';
import { idOf } from '../../core/ids';
import { retentionPolicy, WEBHOOK_LOG_DAYS, type RetentionPolicy } from '../../core/retention';
import { retentionRepository } from '../../db/repositories/retention';
import { defineEndpoint } from './define';

const policyView = retentionPolicy.extend({
  webhookLogDays: z
    .literal(WEBHOOK_LOG_DAYS)
    .describe('How long the webhook delivery log is kept (fixed for every organization).'),
  updatedAt: z
    .number()
    .int()
    .optional()
    .describe('When the policy was last replaced; omitted while the organization uses the defaults.'),
});

const present = (p: RetentionPolicy & { updatedAt: number | null }) => ({
  mediaDays: p.mediaDays,
  nonPassingMediaDays: p.nonPassingMediaDays,
  runDays: p.runDays,
  webhookLogDays: WEBHOOK_LOG_DAYS,
  ...(p.updatedAt !== null ? { updatedAt: p.updatedAt } : {}),
});

const purgeNote =
  'A daily Temporal Schedule (retention-purge) removes media of ended Runs older than mediaDays ' +
  '(passing Runs) or nonPassingMediaDays (other ended Runs), and Run records older than runDays; ages ' +
  'count from the Run\u2019s creation. Pinned Runs are never touched. Evidence of a Run whose media ' +
  'expired carries mediaExpiredAt and no media links.';

export const getRetentionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/retention',
  summary: "The organization's retention policy (the defaults until one is saved: 30, 90 and 400 days).",
  description: purgeNote,
  access: { scope: 'svc:read' },
  response: policyView,
  async handler({ principal, deps }) {
    return present(await retentionRepository.policy(deps.db.manager, principal.orgId));
  },
});

export const putRetentionEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/retention',
  summary: "Replace the organization's retention policy (requires confirm: true when it changes anything).",
  description:
    `${purgeNote} Without "confirm": true a change answers 400 INVALID_ARGUMENT with ` +
    'details.confirmRequired and details.wouldChange ({ field: { from, to } } for each changed field) and ' +
    'writes nothing; shorter days take effect at the next purge. A body equal to the current policy answers it unchanged.',
  access: { scope: 'svc:retention:write' },
  idempotent: true,
  body: retentionPolicy
    .extend({
      confirm: z.boolean().optional().describe('true applies a change; otherwise the answer previews it.'),
    })
    .strict(),
  response: policyView,
  async handler({ body, principal, deps }) {
    const db = deps.db.manager;
    const current = await retentionRepository.policy(db, principal.orgId);
    const fields = ['mediaDays', 'nonPassingMediaDays', 'runDays'] as const;
    const changed = fields.filter((f) => current[f] !== body[f]);
    if (!changed.length) return present(current);
    if (body.confirm !== true)
      throw confirmRequired(
        'Replacing the retention policy changes what the next purge removes.',
        Object.fromEntries(changed.map((f) => [f, { from: current[f], to: body[f] }])),
      );
    const now = Date.now();
    const policy = { mediaDays: body.mediaDays, nonPassingMediaDays: body.nonPassingMediaDays, runDays: body.runDays };
    await retentionRepository.putPolicy(db, principal.orgId, policy, now);
    return present({ ...policy, updatedAt: now });
  },
});

const pinView = z.object({
  runId: z.string(),
  pinned: z.boolean(),
});

export const pinRunEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/runs/:runId/pin',
  summary: 'Pin a Run: retention keeps it and its media whatever their age.',
  description: 'Pinning twice is harmless. DELETE on the same path unpins.',
  access: { scope: 'svc:runs:write' },
  idempotent: true,
  params: z.object({ runId: idOf('run') }),
  response: pinView,
  async handler({ params, principal, deps }) {
    if (!(await retentionRepository.setPinned(deps.db.manager, principal.orgId, params.runId, Date.now())))
      throw notFound(`Run ${params.runId}`);
    return { runId: params.runId, pinned: true };
  },
});

export const unpinRunEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/runs/:runId/pin',
  summary: 'Unpin a Run: retention treats it by its age again.',
  access: { scope: 'svc:runs:write' },
  idempotent: true,
  params: z.object({ runId: idOf('run') }),
  response: pinView,
  async handler({ params, principal, deps }) {
    if (!(await retentionRepository.setPinned(deps.db.manager, principal.orgId, params.runId, null)))
      throw notFound(`Run ${params.runId}`);
    return { runId: params.runId, pinned: false };
  },
});

export const retentionEndpoints = [getRetentionEndpoint, putRetentionEndpoint, pinRunEndpoint, unpinRunEndpoint];

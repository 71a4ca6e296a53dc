import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { notFound } from '../../../core/errors';
import { evidenceView } from '../../presenters/runs';
import { defineEndpoint } from '../../pipeline/model';
import { idOf as id } from '../../../core/ids';
import { evidenceMediaKinds, stepVerdicts } from '../../../core/runs';
import { evidenceSources } from '../../runs/evidence-sources';

const signedLink = z.object({ url: z.string(), expiresAt: z.number() });

const evidenceStep = z.object({
  index: z.number().int(),
  action: z.string(),
  target: z.string().optional(),
  status: z.enum(['passed', 'failed', 'skipped']),
  verdict: z
    .enum(stepVerdicts)
    .optional()
    .describe(
      "The step's verdict: passed; failed when it demonstrated that the application misbehaves (diagnosis application); unverified when it failed without proving either way. Omitted for a step not finished or skipped.",
    ),
  reason: z.string(),
  observed: z
    .record(z.string(), z.unknown())
    .describe(
      'Customer-safe facts the runner observed (URL, title, what was found). A web step adds what the page did ' +
        'while it ran, each list only when not empty: consoleErrors and pageErrors (texts, at most 10), and requests ' +
        'that failed (status 400 or more, or no answer) or took 2 s or more: { method, url (origin and path, never ' +
        'the query), status?, failure?, durationMs }.',
    ),
  expectation: z.string().describe('The authored expectation, in words.'),
  verdictSource: z.string(),
  postconditionProven: z.boolean(),
  recoveryCount: z.number().int(),
  diagnosis: z
    .object({
      category: z.string(),
      suggestedAction: z.string(),
      suggestedChange: z
        .object({ target: z.string().describe("The step's target as the page names the closest control or field.") })
        .optional()
        .describe(
          'A change of this step the runner offers when its control or field was not found; apply it yourself with test_case.update_steps (never applied by the service).',
        ),
    })
    .optional(),
  media: z
    .array(z.object({ kind: z.enum(evidenceMediaKinds), url: z.string(), expiresAt: z.number() }))
    .describe(
      'Signed links, valid 15 minutes; call run.evidence again for fresh ones. Empty once the media expired (see mediaExpiredAt). ' +
        "A Run's Playwright trace is not evidence: the organization's API key fetches it from GET /api/runs/{runId}/trace.",
    ),
  visual: z
    .object({
      changedRatio: z
        .number()
        .describe('Changed pixels over all pixels, 0..1 (anti-aliasing and ignored regions left out).'),
      threshold: z.number(),
      changed: z.boolean().describe('Above the threshold, or the screenshot changed size.'),
      sizeChanged: z.boolean(),
      baselineRunId: z.string().describe('The Run whose screenshot of this step was the baseline.'),
      mode: z.enum(['report', 'fail']).describe('report never changes the verdict; fail fails a changed step.'),
      before: signedLink.optional().describe("The baseline's screenshot."),
      after: signedLink.optional().describe("This step's screenshot."),
      diff: signedLink.optional().describe('The changed pixels in red over a faded copy.'),
    })
    .optional()
    .describe(
      "The step's screenshot compared with the same step of the baseline Run (the last passing or accepted Run " +
        'of the Test Case in the Environment). Accept a change with POST /api/runs/{runId}/visual/accept.',
    ),
  durationMs: z.number(),
});

export default defineEndpoint({
  name: 'run.evidence',
  bindings: { v1: true, mcp: true },
  summary: 'External Evidence of a Run: customer-safe facts, verdict, diagnosis and short-lived media links.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: { runId: id('run'), step: z.number().int().min(0).optional().describe('Only this step index.') },
  output: z.object({
    runId: z.string(),
    status: z.string(),
    verdict: z.string().optional(),
    validity: z.string(),
    flaky: z.boolean(),
    diagnosis: z
      .object({ category: z.string(), suggestedAction: z.string(), reason: z.string().optional() })
      .optional(),
    pinned: z.boolean().describe('Pinned Runs are kept by retention whatever their age (POST /api/runs/{runId}/pin).'),
    mediaExpiredAt: z
      .number()
      .optional()
      .describe(
        "Present when retention removed this Run's media (epoch ms): every step's media list is then empty; the facts remain.",
      ),
    steps: z.array(evidenceStep),
  }),
  async handler(input, { db, orgId, deps }) {
    const run = await runRepository.get(db, orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const { steps, media, baseline } = await evidenceSources(db, run);
    return evidenceView(
      run,
      steps.filter((s) => input.step === undefined || s.stepIndex === input.step),
      media,
      { baseUrl: deps.config.BASE_URL, signingKey: deps.config.SIGNING_KEY },
      baseline,
    );
  },
});

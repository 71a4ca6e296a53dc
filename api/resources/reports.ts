import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { runRepository } from '../../db/repositories/runs';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { AppError, notFound } from '../../core/errors';
import { verifyReportLink, signedReportUrl, type ReportKind } from '../../domain/runs/report-links';
import { evidenceView } from '../presenters/runs';
import { loadPlanGroup, planGroupView, reportLinks } from '../presenters/plan-groups';
import { apiDocsPage, planGroupReportPage, runReportPage } from '../presenters/report-page';
import type { AppDeps } from '../deps';
import { defineEndpoint } from './define';
import type Koa from 'koa';

const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

function requireSignature(deps: AppDeps, kind: ReportKind, id: string, query: z.infer<typeof signedQuery>) {
  if (!verifyReportLink(deps.config.SIGNING_KEY, kind, id, query.exp, query.sig))
    throw new AppError('PERMISSION_DENIED', 'the report link is invalid or expired; ask for a fresh reportUrl');
}

function html(koa: Koa.Context, body: string) {
  koa.type = 'text/html; charset=utf-8';
  koa.set('Cache-Control', 'private, no-store');
  koa.set('X-Frame-Options', 'DENY');
  koa.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'");
  koa.body = body;
}

const reportResponses = {
  200: 'The HTML report page',
  403: 'Invalid or expired signature',
  404: 'No such Run or plan group',
};

/** GET /api/reports/runs/{runId}?exp&sig: the report page of one Run. */
export const runReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/reports/runs/:runId',
  summary: 'The HTML report page of a Run, reached by the signed reportUrl of run.get (no bearer).',
  description:
    'Extension. Verdict banner, steps with status, reason, observed facts, diagnosis and suggested action, screenshots ' +
    '(fresh 15-minute media links on every load), durations and the flaky marker. Customer-safe like run.evidence.',
  access: 'public',
  params: z.object({ runId: z.string().max(100) }),
  query: signedQuery,
  response: z.string(),
  responses: reportResponses,
  async handler({ params, query, deps, koa }) {
    requireSignature(deps, 'run', params.runId, query);
    const db = deps.db.manager;
    const run = await runRepository.byId(db, params.runId);
    if (!run) throw notFound(`Run ${params.runId}`);
    const steps = (await runRepository.steps(db, [run.id])).get(run.id)!;
    const media = await runRepository.media(db, run.id);
    const evidence = evidenceView(run, steps, media, {
      baseUrl: deps.config.BASE_URL,
      signingKey: deps.config.SIGNING_KEY,
    });
    const name = run.testCaseId
      ? ((await testCaseRepository.get(db, run.orgId, run.testCaseId))?.name ?? run.testCaseId)
      : ((run.testPlanId && (await testPlanRepository.get(db, run.orgId, run.testPlanId))?.name) ?? 'Run');
    const groupUrl = run.planGroupId ? signedReportUrl(reportLinks(deps.config), 'group', run.planGroupId) : undefined;
    html(koa, runReportPage(run, name, evidence, groupUrl));
    return undefined;
  },
});

/** GET /api/reports/plan-groups/{planGroupRunId}?exp&sig: the report page of a plan group. */
export const planGroupReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/reports/plan-groups/:planGroupRunId',
  summary: 'The HTML report page of a plan group, reached by its signed reportUrl (no bearer).',
  description:
    'Extension. A summary banner and one row per plan member (passed in the original group of a re-run, and not ' +
    'selected by a scope "changed" trigger, included), each linking to its Run report.',
  access: 'public',
  params: z.object({ planGroupRunId: z.string().max(100) }),
  query: signedQuery,
  response: z.string(),
  responses: reportResponses,
  async handler({ params, query, deps, koa }) {
    requireSignature(deps, 'group', params.planGroupRunId, query);
    const group = await runRepository.planGroupById(deps.db.manager, params.planGroupRunId);
    if (!group) throw notFound(`plan group ${params.planGroupRunId}`);
    const state = planGroupView(await loadPlanGroup(deps.db.manager, group), reportLinks(deps.config));
    html(koa, planGroupReportPage(state as never));
    return undefined;
  },
});

let scalarScript: Buffer | undefined;

/** GET /api/docs: the API reference rendered from /api/openapi.json by Scalar, served from this deployment. */
export const apiDocsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/docs',
  summary: 'API reference page (HTML) rendered from the OpenAPI document.',
  access: 'public',
  internal: true,
  response: z.string(),
  async handler({ koa }) {
    koa.type = 'text/html; charset=utf-8';
    koa.body = apiDocsPage('/api/openapi.json', '/api/docs/scalar.js');
    return undefined;
  },
});

export const apiDocsScriptEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/docs/scalar.js',
  summary: "Scalar's standalone API reference renderer (from the @scalar/api-reference package).",
  access: 'public',
  internal: true,
  response: z.string(),
  async handler({ koa }) {
    // The package exports no path to its browser bundle; it sits beside the exported stylesheet.
    scalarScript ??= readFileSync(
      path.join(path.dirname(require.resolve('@scalar/api-reference/style.css')), 'browser', 'standalone.js'),
    );
    koa.type = 'application/javascript; charset=utf-8';
    koa.set('Cache-Control', 'public, max-age=86400');
    koa.body = scalarScript;
    return undefined;
  },
});

export const reportEndpoints = [runReportEndpoint, planGroupReportEndpoint, apiDocsEndpoint, apiDocsScriptEndpoint];

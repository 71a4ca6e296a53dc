import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { verifyReportLink, type ReportKind } from '../../../domain/runs/report-links';
import type { AppDeps } from '../../pipeline/deps';
import type Koa from 'koa';

export const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

export function requireSignature(deps: AppDeps, kind: ReportKind, id: string, query: z.infer<typeof signedQuery>) {
  if (!verifyReportLink(deps.config.SIGNING_KEY, kind, id, query.exp, query.sig))
    throw new AppError('PERMISSION_DENIED', 'the report link is invalid or expired; ask for a fresh reportUrl');
}

export function html(koa: Koa.Context, body: string) {
  koa.type = 'text/html; charset=utf-8';
  koa.set('Cache-Control', 'private, no-store');
  koa.set('X-Frame-Options', 'DENY');
  koa.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'");
  koa.body = body;
}

export const reportResponses = {
  200: 'The HTML report page',
  403: 'Invalid or expired signature',
  404: 'No such Run or plan group',
};

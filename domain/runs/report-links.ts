import { hmac, safeEqual } from '../../core/crypto';

/** What a report link shows: one Run, or one plan group with its members. */
export type ReportKind = 'run' | 'group';

const DAY_MS = 24 * 60 * 60 * 1000;
const payload = (kind: ReportKind, id: string, exp: number) => `report:${kind}:${id}:${exp}`;
const paths: Record<ReportKind, string> = { run: 'runs', group: 'plan-groups' };

/**
 * A signed report link (no bearer: the signature authorizes, like media links). The expiry is
 * rounded up to a whole day, so the link a Run shows stays the same all day long (a CI log and a
 * later run.get agree) and lives at least `ttlDays`.
 */
export function signedReportUrl(
  links: { baseUrl: string; signingKey: string; ttlDays: number },
  kind: ReportKind,
  id: string,
  now = Date.now(),
): string {
  const exp = Math.ceil((now + links.ttlDays * DAY_MS) / DAY_MS) * DAY_MS;
  const sig = hmac(links.signingKey, payload(kind, id, exp));
  return `${links.baseUrl}/api/reports/${paths[kind]}/${id}?exp=${exp}&sig=${sig}`;
}

/** The report-link settings of a deployment. */
export const reportLinks = (config: { BASE_URL: string; SIGNING_KEY: string; REPORT_LINK_TTL_DAYS: number }) => ({
  baseUrl: config.BASE_URL,
  signingKey: config.SIGNING_KEY,
  ttlDays: config.REPORT_LINK_TTL_DAYS,
});

/** True when the report link is untouched and unexpired. */
export function verifyReportLink(
  signingKey: string,
  kind: ReportKind,
  id: string,
  expText: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): boolean {
  if (!expText || !sig || !/^\d{1,15}$/.test(expText)) return false;
  const exp = Number(expText);
  if (exp < now) return false;
  return safeEqual(hmac(signingKey, payload(kind, id, exp)), sig);
}

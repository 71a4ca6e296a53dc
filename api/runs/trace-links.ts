import { signUntil, verifyUntil } from '../../core/crypto';

/**
 * A trace link lives five minutes: long enough for the viewer to load the trace after a click, short
 * enough that a copied address is soon worth nothing. The viewer reads the trace once as it opens.
 */
export const TRACE_LINK_TTL_MS = 5 * 60 * 1000;

// Its own prefix: an evidence or report signature never verifies as a trace link, nor the reverse.
const payload = (orgId: string, runId: string, exp: number) => `trace:${orgId}:${runId}:${exp}`;

/** The path (same origin) of a Run's trace zip for the trace viewer, signed for its organization. */
export function signedTracePath(signingKey: string, orgId: string, runId: string, now = Date.now()) {
  const { exp, sig } = signUntil(signingKey, (at) => payload(orgId, runId, at), TRACE_LINK_TTL_MS, now);
  return { path: `/api/runs/${runId}/trace/signed?exp=${exp}&sig=${sig}`, expiresAt: exp };
}

/** True when the link was signed for this Run of this organization and has not expired. */
export function verifyTraceLink(
  signingKey: string,
  orgId: string,
  runId: string,
  expText: string,
  sig: string,
  now = Date.now(),
): boolean {
  return verifyUntil(signingKey, (exp) => payload(orgId, runId, exp), TRACE_LINK_TTL_MS, expText, sig, now);
}

import { signUntil, verifyUntil } from '../../core/crypto';

/**
 * A video link lives five minutes, as a trace link does: the console asks for one as it shows the
 * Run, and the player reads the video through it (again when it seeks).
 */
export const VIDEO_LINK_TTL_MS = 5 * 60 * 1000;

// Its own prefix: a trace, evidence or report signature never verifies as a video link, nor the reverse.
const payload = (orgId: string, runId: string, exp: number) => `video:${orgId}:${runId}:${exp}`;

/** The path (same origin) of a Run's video, signed for its organization. */
export function signedVideoPath(signingKey: string, orgId: string, runId: string, now = Date.now()) {
  const { exp, sig } = signUntil(signingKey, (at) => payload(orgId, runId, at), VIDEO_LINK_TTL_MS, now);
  return { path: `/api/runs/${runId}/video/signed?exp=${exp}&sig=${sig}`, expiresAt: exp };
}

/** True when the link was signed for this Run of this organization and has not expired. */
export function verifyVideoLink(
  signingKey: string,
  orgId: string,
  runId: string,
  expText: string,
  sig: string,
  now = Date.now(),
): boolean {
  return verifyUntil(signingKey, (exp) => payload(orgId, runId, exp), VIDEO_LINK_TTL_MS, expText, sig, now);
}

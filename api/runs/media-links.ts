import { signUntil, verifyUntil } from '../../core/crypto';

/** Signed evidence links live 15 minutes (the specification's limit). */
export const MEDIA_LINK_TTL_MS = 15 * 60 * 1000;

const payload = (id: string, kind: string, exp: number) => `evidence:${id}:${kind}:${exp}`;

export function signedMediaUrl(baseUrl: string, signingKey: string, id: string, kind: string, now = Date.now()) {
  const { exp, sig } = signUntil(signingKey, (at) => payload(id, kind, at), MEDIA_LINK_TTL_MS, now);
  return { url: `${baseUrl}/api/v1/evidence/${id}?kind=${kind}&exp=${exp}&sig=${sig}`, expiresAt: exp };
}

/** True when the link is untouched and unexpired. */
export function verifyMediaLink(
  signingKey: string,
  id: string,
  kind: string,
  expText: string,
  sig: string,
  now = Date.now(),
): boolean {
  return verifyUntil(signingKey, (exp) => payload(id, kind, exp), MEDIA_LINK_TTL_MS, expText, sig, now);
}

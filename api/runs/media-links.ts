import { hmac, safeEqual } from '../../core/crypto';

/** Signed evidence links live 15 minutes (the specification's limit). */
export const MEDIA_LINK_TTL_MS = 15 * 60 * 1000;

const payload = (id: string, kind: string, exp: number) => `evidence:${id}:${kind}:${exp}`;

export function signedMediaUrl(baseUrl: string, signingKey: string, id: string, kind: string, now = Date.now()) {
  const exp = now + MEDIA_LINK_TTL_MS;
  const sig = hmac(signingKey, payload(id, kind, exp));
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
  if (!/^\d{1,15}$/.test(expText)) return false;
  const exp = Number(expText);
  if (exp < now || exp > now + MEDIA_LINK_TTL_MS + 60_000) return false;
  return safeEqual(hmac(signingKey, payload(id, kind, exp)), sig);
}

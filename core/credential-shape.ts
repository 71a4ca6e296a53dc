const secretTarget =
  /(pass(word|code|phrase)?|\bpwd\b|secret|token|api[\s_-]?key|\bpin\b|\botp\b|one[\s-]?time|2fa|mfa|credential|private[\s_-]?key|access[\s_-]?key|client[\s_-]?secret|cvv|cvc)/i;

const knownPrefixes = [
  /^aut_[A-Za-z0-9_-]{16,}/,
  /^sk[-_](live|test|proj)?[-_]?[A-Za-z0-9]{16,}/,
  /^gh[pousr]_[A-Za-z0-9]{20,}/,
  /^github_pat_/,
  /^xox[abprs]-[A-Za-z0-9-]{10,}/,
  /^(AKIA|ASIA)[0-9A-Z]{16}$/,
  /^AIza[0-9A-Za-z_-]{30,}/,
  /^glpat-[A-Za-z0-9_-]{20}/,
];
const jwt = /^eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*$/;
const privateKeyBlock = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

/** A long token without spaces, mixing character classes, with high entropy. */
function looksRandom(text: string): boolean {
  if (text.length < 24 || /\s/.test(text)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(text)).length;
  return classes >= 3 && entropy(text) >= 4;
}

/** Why a literal value is credential-shaped, or null when it is not. */
export function credentialReason(target: string | undefined, text: string): string | null {
  if (target && secretTarget.test(target)) return `the field "${target}" names a secret`;
  const value = text.trim();
  if (knownPrefixes.some((r) => r.test(value))) return 'the value has the prefix of a known key format';
  if (jwt.test(value)) return 'the value is a JWT';
  if (privateKeyBlock.test(value)) return 'the value is a private key';
  if (looksRandom(value)) return 'the value is a long high-entropy string';
  return null;
}

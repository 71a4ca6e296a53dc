import type { Step } from './steps';
import { credentialReason } from './credential-shape';

export interface CredentialFinding {
  stepIndex: number;
  /** Absent for a fill that types into the focused field. */
  target?: string;
  reason: string;
  text: string;
}

export function findCredentialLiterals(steps: Step[]): CredentialFinding[] {
  const found: CredentialFinding[] = [];
  steps.forEach((s, stepIndex) => {
    if (s.action !== 'fill' || s.valueSpec.kind !== 'literal') return;
    const reason = credentialReason(s.target, s.valueSpec.text);
    if (reason) found.push({ stepIndex, ...(s.target && { target: s.target }), reason, text: s.valueSpec.text });
  });
  return found;
}

/** A runtime value name derived from the field, e.g. "Password" → PASSWORD. */
export function variableNameFor(target: string | undefined, taken: Set<string>): string {
  const base =
    (target ?? 'SECRET')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, '_$1')
      .slice(0, 90) || 'SECRET';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

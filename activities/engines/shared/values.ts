import { randomBytes } from 'node:crypto';

/** What the runner knows about a field when it picks a value for it. */
export interface FieldFacts {
  /** The input's `type` (lower case), or the tag name for textarea and editable elements. */
  type: string;
  /** Label, name, id, placeholder, autocomplete, the step's target and hint, joined. */
  words: string;
}

export interface ChosenValue {
  text: string;
  /** Secret values are redacted everywhere and never reported back. */
  secret: boolean;
}

/**
 * A plausible value for a `valueSpec` of kind `agent`, chosen from the field's type and words.
 * E-mail addresses and user names are unique per call so that sign-up flows do not collide.
 */
export function chooseAgentValue(field: FieldFacts): ChosenValue {
  const words = field.words.toLowerCase();
  const type = field.type;
  if (type === 'password' || /pass(word|code)|secret|\bpin\b/.test(words)) {
    return { text: `Qa-${randomBytes(12).toString('base64url')}-7!`, secret: true };
  }
  if (type === 'email' || /e-?mail/.test(words)) return plain(`qa+${token()}@example.test`);
  if (type === 'tel' || /phone|mobile|\btel\b/.test(words)) return plain('+15555550123');
  if (type === 'number') return plain('42');
  if (type === 'url' || /\burl\b|website/.test(words)) return plain('https://example.test');
  if (type === 'date') return plain('2030-01-15');
  if (/user\s*name|username|login/.test(words)) return plain(`qa_${token()}`);
  if (/name/.test(words)) return plain('Ada Lovelace');
  return plain('QA test value');
}

function plain(text: string): ChosenValue {
  return { text, secret: false };
}

function token(): string {
  return randomBytes(5).toString('hex');
}

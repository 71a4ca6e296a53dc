import { credentialReason } from '../../core/credential-shape';
import { Redactor, REDACTED } from '../engines/shared/redactor';

/**
 * The text of a prompt as it may leave for a provider: every secret value the caller knows
 * (an Environment's values) and every credential-shaped word (a known key prefix, a JWT, a
 * long high-entropy token) is replaced, the way a Run's evidence is redacted.
 */
export function redactPrompt(text: string, secrets: readonly string[] = []): string {
  const redactor = new Redactor();
  for (const secret of secrets) redactor.add(secret);
  return redactor
    .redact(text)
    .replace(/[^\s"'`<>(){}\[\],;]{16,}/g, (word) => (credentialReason(undefined, word) ? REDACTED : word));
}

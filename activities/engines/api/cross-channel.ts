import type { Step } from '../../../core/steps';
import type { SessionState } from './session-state';

/**
 * A non-trigger member of a cross-channel group observed `text` (a response body, or a web
 * page's text): records a miss, and returns its reason when the group requires the value.
 */
export function observeCrossChannel(
  { crossChannel, findings }: SessionState,
  step: Step,
  index: number,
  text: string,
  operationKey: string,
): string | null {
  const cross = step.config?.crossChannel;
  if (!cross?.groupId || cross.role === 'trigger') return null;
  const expected = crossChannel.get(cross.groupId);
  if (expected !== undefined && text.includes(String(expected))) return null;
  const reason = `the value captured by the trigger of cross-channel group "${cross.groupId}" did not appear`;
  findings.push({
    code: 'CROSS_CHANNEL_MISSING',
    severity: cross.required ? 'error' : 'warning',
    blocking: !!cross.required,
    operationKey,
    message: `${reason} in ${operationKey}`,
    evidence: `steps/${index}`,
  });
  return cross.required ? reason : null;
}

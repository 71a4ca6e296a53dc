import { useRef } from 'preact/hooks';
import { newKey } from './api';

/**
 * One idempotency key per intent: submitting the same body again (a retry after an error, a double
 * click) reuses the key, so the API makes one record; a different body, or one after `done()`,
 * gets a new key.
 */
export function useIntentKey(): ((body: unknown) => string) & { done: () => void } {
  const last = useRef<{ body: string; key: string }>();
  const keyFor = (body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newKey() };
    return last.current.key;
  };
  return Object.assign(keyFor, { done: () => (last.current = undefined) });
}

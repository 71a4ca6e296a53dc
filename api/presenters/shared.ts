const texts = new WeakMap<object, string | null>();

/**
 * Marks a response that many requests answer with at once (one Run's change, or its deadline,
 * answered to thousands of long-polls): it is serialized once, not once per request. The value
 * must not change after it is marked.
 */
export function shareResponse<T extends object>(value: T): T {
  if (!texts.has(value)) texts.set(value, null);
  return value;
}

/** The JSON text of a shared response (made on first use); undefined for any other value. */
export function serializedOnce(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const text = texts.get(value);
  if (text === undefined) return undefined;
  if (text !== null) return text;
  const made = JSON.stringify(value);
  texts.set(value, made);
  return made;
}

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

/**
 * Registers the exact JSON text of a presented value, built from JSON the database stores as it is
 * answered: the v1 surface (and MCP's text) then writes that text instead of parsing the stored
 * JSON and serializing it again. The caller vouches that `text` is JSON.stringify(value) after
 * omitAbsent (omitAbsent leaves such a value alone).
 */
export function answeredAs<T extends object>(value: T, text: string): T {
  texts.set(value, text);
  return value;
}

/** True for a value whose text is registered (or will be made once): it is final as it is. */
export const isFinal = (value: object): boolean => texts.has(value);

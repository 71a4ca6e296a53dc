const STOP = new Set(
  'a an the and or to of in on at for with that this is are be can their they them his her its my our your as it then see check make sure test user customer person people someone'.split(
    ' ',
  ),
);

/** A word's rough stem: "orders" → "order", "searching" → "search", "signed" → "sign". */
export function stem(word: string): string {
  return word
    .toLowerCase()
    .replace(/(?:ing|ed|es|s)$/, '')
    .replace(/(.)\1$/, '$1');
}

/** The meaningful stems of a text. */
export function stems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 1 && !STOP.has(w)).map(stem));
}

/** How many stems of `name` the prompt shares. */
export function overlap(name: string, prompt: Set<string>): number {
  let n = 0;
  for (const s of stems(name)) if (prompt.has(s)) n++;
  return n;
}

/** What a prompt asks for, as people write it. */
export const INTENTS = {
  signIn: /\b(?:sign(?:s|ing|ed)?[\s-]?in|log(?:s|ging|ged)?[\s-]?in|login|authenticat\w*)\b/i,
  refusal: /\b(?:wrong|bad|invalid|incorrect|refus\w*|reject\w*|denied|den(?:y|ies)|fail\w*)\b/i,
  search: /\b(?:search\w*|find\w*|look(?:s|ing)?\s+(?:for|up))\b/i,
  add: /\b(?:add(?:s|ing|ed)?|put(?:s|ting)?\s+\w+\s+in(?:to)?)\b/i,
  open: /\b(?:open\w*|go(?:es|ing)?\s+to|visit\w*|see\w*|view\w*|show\w*|list\w*|browse\w*)\b/i,
};

import { PLATFORMS, type InterpretCatalog, type Interpreter, type InterpreterAnswer } from './types';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The items whose names occur in the text as whole words (case-insensitive), in order of first
 * appearance. Longer names are matched first and their spans masked, so "Smoke Extended" does
 * not also select "Smoke".
 */
export function findNamed<T>(text: string, items: T[], namesOf: (item: T) => string[]): T[] {
  const candidates = items
    .flatMap((item) =>
      namesOf(item)
        .filter((n) => n.trim())
        .map((name) => ({ item, name: name.trim() })),
    )
    .sort((a, b) => b.name.length - a.name.length);
  let masked = text;
  const hits: Array<{ item: T; at: number }> = [];
  for (const { item, name } of candidates) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'giu');
    for (const match of masked.matchAll(pattern)) {
      hits.push({ item, at: match.index });
      masked = masked.slice(0, match.index) + ' '.repeat(match[0].length) + masked.slice(match.index + match[0].length);
    }
  }
  const seen = new Set<T>();
  return hits
    .sort((a, b) => a.at - b.at)
    .map((h) => h.item)
    .filter((item) => !seen.has(item) && !!seen.add(item));
}

/**
 * The built-in deterministic interpreter, used when no provider is configured: plans and
 * environments (by name or slug) and platforms named in the text. It can only ever return
 * what the catalog holds, and costs nothing.
 */
export const embeddedInterpreter: Interpreter = {
  async interpret(text: string, catalog: InterpretCatalog): Promise<InterpreterAnswer> {
    const plans = findNamed(text, catalog.plans, (p) => [p.name]);
    const environments = findNamed(text, catalog.environments, (e) => [e.name, e.slug]);
    const platforms = findNamed(text, [...PLATFORMS], (p) => [p]);
    return {
      planIds: plans.map((p) => p.id),
      environmentSlugs: environments.map((e) => e.slug),
      platforms,
      rejectionReasons: [],
      usage: { promptTokens: 0, completionTokens: 0, costMicros: null },
      provider: 'embedded',
      model: 'name-matcher',
    };
  },
};

import type { Page } from 'playwright-core';
import { CONTROL_ROLES, FIELD_ROLES, READ_ALIKE, alikeClass } from './locate';
import { quietly } from './quiet';

/**
 * When a step's control or field is not found: the closest visible ones of that kind, by the
 * accessible name the browser computes, for the reason ("the page has buttons "Log in" and "Create
 * account"") and for a suggested change of the step's target that a user may apply through the API
 * (test_case.update_steps). The runner never applies it: it says what it would change and why.
 */

export interface Nearby {
  /** Words to append to the reason, e.g. `the page has buttons "Log in" and "Create account"`. */
  words: string;
  /** The name to suggest as the step's target, when one is close enough to be a likely rename. */
  suggestion?: string;
}

/** How many names the reason lists. */
const LISTED = 3;
/** The least likeness (0–1) for a name to be suggested rather than only listed. */
const LIKE_ENOUGH = 0.3;

type Kind = 'control' | 'field';

/** The visible controls (or fields) of every frame, by role and name, read from the accessibility tree. */
async function visibleNamed(page: Page, kind: Kind): Promise<{ role: string; name: string }[]> {
  const roles = new Set<string>(kind === 'control' ? CONTROL_ROLES : [...FIELD_ROLES, 'combobox', 'slider']);
  const found = new Map<string, { role: string; name: string }>();
  await quietly(page, async () => {
    for (const frame of page.frames()) {
      // Only the quoted name of each line is read: a field's value (after the name) never is.
      const tree = await frame
        .locator('body')
        .ariaSnapshot({ timeout: 1000 })
        .catch(() => '');
      for (const match of tree.matchAll(/^\s*- ([\w-]+) "((?:[^"\\]|\\.)*)"/gm)) {
        const [role, name] = [match[1], match[2].replace(/\\(.)/g, '$1').trim()];
        if (roles.has(role) && name && !found.has(`${role} ${name}`)) found.set(`${role} ${name}`, { role, name });
      }
    }
  });
  return [...found.values()];
}

/** Characters read alike, each group as the one it is read as (locate.ts). */
const ALIKE = READ_ALIKE.map(({ as, chars }) => [new RegExp(alikeClass(chars), 'g'), as] as const);

/** Lower case, straight quotes, one kind of dash and space: names compared as a person reads them. */
function plain(text: string): string {
  return ALIKE.reduce((read, [chars, as]) => read.replace(chars, as), text.toLowerCase())
    .replace(/\s+/g, ' ')
    .trim();
}

/** Likeness of two names, 0–1: the Sørensen–Dice coefficient of their letter pairs. */
export function likeness(a: string, b: string): number {
  const pairs = (text: string) => {
    const padded = ` ${plain(text)} `;
    return Array.from({ length: padded.length - 1 }, (_, i) => padded.slice(i, i + 2));
  };
  const left = pairs(a);
  const right = pairs(b);
  const pool = new Map<string, number>();
  for (const pair of right) pool.set(pair, (pool.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of left) {
    const left = pool.get(pair) ?? 0;
    if (left > 0) {
      shared += 1;
      pool.set(pair, left - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** The closest visible names of the kind the step needs, or undefined when the page shows none. */
export async function nearby(page: Page, kind: Kind, target: string): Promise<Nearby | undefined> {
  const named = await visibleNamed(page, kind).catch(() => []);
  if (named.length === 0) return undefined;
  const ranked = named
    .map((entry) => ({ ...entry, score: likeness(target, entry.name) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, LISTED);
  const best = ranked[0];
  return {
    words: listed(ranked),
    ...(best.score >= LIKE_ENOUGH && { suggestion: best.name }),
  };
}

/** A role as a person calls it: a text box is a field. */
const noun = (role: string) => (['textbox', 'searchbox', 'spinbutton'].includes(role) ? 'field' : role);
const plural = (word: string) => (word.endsWith('x') ? `${word}es` : `${word}s`);

/** `the page has buttons "A" and "B"`, or `the page has button "A" and link "B"`. */
function listed(entries: { role: string; name: string }[]): string {
  const kinds = entries.map((entry) => noun(entry.role));
  const sameKind = kinds.every((kind) => kind === kinds[0]);
  const items = entries.map((entry, i) => (sameKind ? `"${entry.name}"` : `${kinds[i]} "${entry.name}"`));
  const joined = items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0];
  if (!sameKind) return `the page has ${joined}`;
  return `the page has ${entries.length > 1 ? plural(kinds[0]) : kinds[0]} ${joined}`;
}

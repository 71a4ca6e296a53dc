import { errors, type Frame, type Locator, type Page } from 'playwright-core';
import { isClosed } from './failures';
import { quietly } from './quiet';

/** Where controls are looked for: the page's main frame or any of its frames (same- or cross-origin, nested). */
export type Scope = Page | Frame;

/** Roles a click target may have, in the order they are preferred. */
const CONTROL_ROLES = ['button', 'link', 'menuitem', 'tab', 'checkbox', 'radio', 'option'] as const;

/** Elements that take a value; `fill` refuses anything else (a select takes the option whose label is the value). */
const EDITABLE = 'input:not([type=hidden]), textarea, select, [contenteditable]:not([contenteditable=false])';

/** Ways to find a field for fill, preferred first: by label, by placeholder, by `name` attribute. */
export function fieldCandidates(scope: Scope, target: string): Locator[] {
  const editable = scope.locator(EDITABLE);
  return [
    scope.getByLabel(target, { exact: false }),
    scope.getByPlaceholder(target),
    scope.locator(`[name=${cssString(target)}]`),
  ].map((candidate) => candidate.and(editable));
}

/** Ways to find a control for click, preferred first: by role and accessible name, then by exact text. */
export function controlCandidates(scope: Scope, target: string): Locator[] {
  return [
    ...CONTROL_ROLES.map((role) => scope.getByRole(role, { name: target })),
    scope.getByText(target, { exact: true }),
  ];
}

/** Pause between looks while waiting for an element: short enough for a toast, long enough to stay cheap. */
export const POLL_MS = 50;

/**
 * Waits up to `timeoutMs` for any candidate to show in any frame of the page, then returns the best
 * visible match: the most preferred candidate wins across frames (a button "Sign in" inside the login
 * iframe beats a heading "Sign in" of the main page), the main frame wins a tie, and among several
 * matches of one candidate (duplicate labels) an enabled one inside the viewport beats the rest.
 * Playwright's role, label and text locators already pierce open shadow roots.
 */
export function findVisible(
  page: Page,
  candidatesIn: (scope: Scope) => Locator[],
  timeoutMs: number,
): Promise<Locator> {
  return quietly(page, () => lookUntilVisible(page, candidatesIn, timeoutMs));
}

async function lookUntilVisible(
  page: Page,
  candidatesIn: (scope: Scope) => Locator[],
  timeoutMs: number,
): Promise<Locator> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let best: { rank: number; locator: Locator } | undefined;
    for (const frame of page.frames()) {
      const visible = candidatesIn(frame).map((candidate) => candidate.filter({ visible: true }));
      // The most preferred way usually finds it (a field by its label, a button by its name): one
      // look. Otherwise one look at the union of the rest, and only a frame with a match pays for ranking.
      const first = await visible[0].count().catch(zero);
      if (first > 0) {
        best = { rank: 0, locator: first === 1 ? visible[0] : visible[0].nth(await preferredIndex(visible[0])) };
        break;
      }
      const rest = visible.slice(1);
      if (
        !rest.length ||
        (await rest
          .reduce((a, b) => a.or(b))
          .count()
          .catch(zero)) === 0
      )
        continue;
      for (let rank = 1; rank < visible.length && !(best && best.rank <= rank); rank++) {
        const candidate = visible[rank];
        const count = await candidate.count().catch(zero);
        if (count > 0) {
          best = { rank, locator: count === 1 ? candidate : candidate.nth(await preferredIndex(candidate)) };
          break;
        }
      }
    }
    if (best) return best.locator;
    if (Date.now() >= deadline) throw new errors.TimeoutError(`no visible match within ${timeoutMs}ms`);
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  }
}

/** Among duplicates: enabled and in the viewport first, then enabled, then the first in document order. */
async function preferredIndex(candidate: Locator): Promise<number> {
  const facts = await candidate
    .evaluateAll((elements) =>
      elements.map((el) => {
        const rect = el.getBoundingClientRect();
        const inView =
          rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
        const disabled = el.matches(':disabled') || el.closest('[aria-disabled="true"]') !== null;
        return { enabled: !disabled, inView };
      }),
    )
    .catch(() => []);
  const score = (f: { enabled: boolean; inView: boolean }) => (f.enabled ? 2 : 0) + (f.inView ? 1 : 0);
  let best = 0;
  facts.forEach((f, i) => {
    if (score(f) > score(facts[best])) best = i;
  });
  return best;
}

/**
 * Whether `text` shows in any frame of the page right now (visible elements only, open shadow roots
 * included).
 */
export function showsText(page: Page, text: string): Promise<boolean> {
  return quietly(page, async () => {
    for (const frame of page.frames()) {
      if ((await frame.getByText(text).filter({ visible: true }).count().catch(zero)) > 0) return true;
    }
    return false;
  });
}

/** How an element is described in observed facts, with its role when the page told it. */
export interface Described {
  /** e.g. `textbox "Email"`. */
  text: string;
  /** The ARIA role, undefined when it could not be read. */
  role?: string;
}

/**
 * The element by role and accessible name, e.g. `textbox "Email"`, for observed facts. Read from the
 * accessibility snapshot's first line only, so neither the field's value nor any subtree is included.
 */
export async function describeElement(element: Locator, fallbackName: string): Promise<Described> {
  try {
    const snapshot = await quietly(element.page(), () => element.ariaSnapshot({ timeout: 1000 }));
    const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot);
    if (!match) return { text: `element "${fallbackName}"` };
    const role = match[1] === 'generic' ? 'text' : match[1];
    return { text: `${role} "${match[2] ?? fallbackName}"`, role: match[1] };
  } catch {
    return { text: `element "${fallbackName}"` };
  }
}

/** A CSS string literal for an attribute selector. */
function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

// A frame that detaches while we look simply has no match; a closed page or browser ends the wait.
const zero = (err: unknown) => {
  if (isClosed(err)) throw err;
  return 0;
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

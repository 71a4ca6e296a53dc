import type { Locator, Page } from 'playwright-core';

/** Roles a click target may have, in the order they are preferred. */
const CONTROL_ROLES = ['button', 'link', 'menuitem', 'tab', 'checkbox', 'radio', 'option'] as const;

/** Elements that take typed text; `fill` refuses anything else. */
const EDITABLE = 'input:not([type=hidden]), textarea, [contenteditable]:not([contenteditable=false])';

/** Ways to find a field for fill, preferred first: by label, by placeholder, by `name` attribute. */
export function fieldCandidates(page: Page, target: string): Locator[] {
  const editable = page.locator(EDITABLE);
  return [
    page.getByLabel(target, { exact: false }),
    page.getByPlaceholder(target),
    page.locator(`[name=${cssString(target)}]`),
  ].map((candidate) => candidate.and(editable));
}

/** Ways to find a control for click, preferred first: by role and accessible name, then by exact text. */
export function controlCandidates(page: Page, target: string): Locator[] {
  return [
    ...CONTROL_ROLES.map((role) => page.getByRole(role, { name: target })),
    page.getByText(target, { exact: true }),
  ];
}

/**
 * Waits up to `timeoutMs` for any candidate to show, then returns the first visible match of the
 * most preferred candidate. Waiting on the union keeps one wait for all; choosing afterwards keeps the
 * preference (a button named "Sign in" beats a paragraph saying "Sign in", wherever they are in the page).
 */
export async function findVisible(candidates: Locator[], timeoutMs: number): Promise<Locator> {
  const visible = candidates.map((candidate) => candidate.filter({ visible: true }));
  await visible
    .reduce((a, b) => a.or(b))
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs });
  for (const candidate of visible) {
    if ((await candidate.count()) > 0) return candidate.first();
  }
  // It showed and vanished again: a re-render; the caller's recovery retries.
  throw new Error('element detached before use');
}

/**
 * The element by role and accessible name, e.g. `textbox "Email"`, for observed facts. Read from the
 * accessibility snapshot's first line only, so neither the field's value nor any subtree is included.
 */
export async function describeElement(element: Locator, fallbackName: string): Promise<string> {
  try {
    const snapshot = await element.ariaSnapshot({ timeout: 1000 });
    const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot);
    if (!match) return `element "${fallbackName}"`;
    const role = match[1] === 'generic' ? 'text' : match[1];
    return `${role} "${match[2] ?? fallbackName}"`;
  } catch {
    return `element "${fallbackName}"`;
  }
}

/** A CSS string literal for an attribute selector. */
function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

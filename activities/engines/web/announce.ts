import type { Page } from 'playwright-core';
import { shownTexts } from './locate';
import { quietly } from './quiet';

/** Where a page announces that something failed: an alert, an assertive live region, a field marked invalid. */
export const ANNOUNCES = '[role=alert], [role=alertdialog], [aria-live=assertive], [aria-invalid=true]';
/**
 * Those, and where a page tells how things went without interrupting: a status, a polite live region
 * (Angular Material's snack bar). Such words say a refusal only once a request of the step was
 * refused: alone they may be progress ("Saving…") or a counter that ticks.
 */
export const ANSWERS = `${ANNOUNCES}, [role=status], [aria-live=polite]`;

/**
 * What the page announces now in `where`, as a person reads it (shownTexts: a web component's alert
 * reads the message slotted into it); an invalid field, which has no text of its own, by the error it
 * points at or by its name.
 */
export async function announcements(page: Page, where = ANNOUNCES): Promise<string[]> {
  return quietly(page, async () => {
    const said: string[] = [];
    for (const frame of page.frames()) {
      const texts = await frame
        .locator(where)
        .filter({ visible: true })
        .evaluateAll(shownTexts, true)
        .catch(() => []);
      said.push(...texts.filter(Boolean));
    }
    return said;
  });
}

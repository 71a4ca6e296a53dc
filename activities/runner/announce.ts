import type { Page } from 'playwright-core';
import { quietly } from './quiet';

/** Where a page announces that something failed: an alert, an assertive live region, a field marked invalid. */
export const ANNOUNCES = '[role=alert], [role=alertdialog], [aria-live=assertive], [aria-invalid=true]';
/**
 * Those, and where a page tells how things went without interrupting: a status, a polite live region
 * (Angular Material's snack bar). Such words say a refusal only once a request of the step was
 * refused: alone they may be progress ("Saving…") or a counter that ticks.
 */
export const ANSWERS = `${ANNOUNCES}, [role=status], [aria-live=polite]`;

/** What the page announces now (an invalid field, which has no text of its own, by its name). */
export async function announcements(page: Page, where = ANNOUNCES): Promise<string[]> {
  return quietly(page, async () => {
    const said: string[] = [];
    for (const frame of page.frames()) {
      const texts = await frame
        .locator(where)
        .filter({ visible: true })
        .evaluateAll((elements) =>
          // No named helpers in here: the function is sent to the page as text, without what the compiler adds around names.
          elements.map((el) => {
            if (el.getAttribute('aria-invalid') !== 'true')
              return (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
            // A field's error is the message it points at, if it points at one.
            const ids = `${el.getAttribute('aria-errormessage') ?? ''} ${el.getAttribute('aria-describedby') ?? ''}`;
            const message = ids
              .split(/\s+/)
              .map((id) => (id ? (document.getElementById(id)?.innerText ?? '') : '').replace(/\s+/g, ' ').trim())
              .find(Boolean);
            return (
              message ?? `a field marked invalid (${el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.id})`
            );
          }),
        )
        .catch(() => []);
      said.push(...texts.filter(Boolean));
    }
    return said;
  });
}

import type { Locator } from 'playwright-core';
import { quietly } from './quiet';
import { sleep } from './step-context';

/** How long a clicked option has to show itself chosen before a person would click it again. */
const CHOSEN_WITHIN_MS = 1000;
const LOOK_EVERY_MS = 100;

type RadioState = 'chosen' | 'unchosen' | 'not a radio';

/** Whether the control is an option of a radio group (a radio input or role=radio), and whether it is chosen. */
export async function radioState(control: Locator): Promise<RadioState> {
  return quietly(control.page(), () =>
    control.evaluate((el): RadioState => {
      if (el instanceof HTMLInputElement && el.type === 'radio') return el.checked ? 'chosen' : 'unchosen';
      if (el.getAttribute('role') !== 'radio') return 'not a radio';
      return el.getAttribute('aria-checked') === 'true' ? 'chosen' : 'unchosen';
    }, undefined),
  ).catch((): RadioState => 'not a radio');
}

/**
 * A click on an option that leaves it unchosen (it landed while a closing popup still covered it, or
 * while the page re-rendered the group) is clicked once more, as a person who sees the option still
 * empty clicks it again. Choosing an option twice is harmless; a checkbox or a switch would toggle
 * back, so only radios are clicked again. Whatever the option shows after that is left to the
 * step's expectation.
 */
export async function clickUntilChosen(control: Locator, click: () => Promise<void>, remainingMs: () => number) {
  const before = await radioState(control);
  await click();
  if (before !== 'unchosen') return;
  const until = performance.now() + Math.min(CHOSEN_WITHIN_MS, remainingMs());
  while (performance.now() < until) {
    if ((await radioState(control)) !== 'unchosen') return;
    await sleep(LOOK_EVERY_MS);
  }
  if ((await radioState(control)) === 'unchosen' && remainingMs() > LOOK_EVERY_MS) await click();
}

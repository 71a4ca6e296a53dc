import type { Frame, Locator, Page, Request } from 'playwright-core';
import { isClosed } from '../shared/failures';
import { ITEM_ROLES, asRead, type Reveal } from './locate';
import { quietly } from './quiet';

/** How long a control may be merely late (a page still rendering) before we go looking for it. */
const LOOK_AROUND_AFTER_MS = 400;
/** Between two scrolls: time for an IntersectionObserver to fire and its content to render. */
const SCROLL_EVERY_MS = 150;

/** What a reveal needs of its step. */
export interface RevealContext {
  page: Page;
  startedAt: number;
  browsing: { pending(since: number): Request[] };
  observed: { scrolled?: number };
}

/**
 * What a person does when the control a step names is not on screen: open the closed list, menu
 * or tree that holds an item of that name (a click on an item), then scroll down the page and the
 * scrollable container holding the most content, a screen at a time, looking again after each
 * scroll. Nothing happens while the step's requests are in flight (the page is still coming), nor
 * in the first moments of the look. The step's facts count the scrolls.
 */
export function revealFor(ctx: RevealContext, target: string, { items }: { items: boolean }): Reveal {
  let opened = !items;
  let lastScroll = 0;
  let bottom = false;
  return async (missingForMs) => {
    if (missingForMs < LOOK_AROUND_AFTER_MS || ctx.browsing.pending(ctx.startedAt).length > 0) return;
    if (!opened) {
      opened = true;
      if (await openOwnerOf(ctx.page, target)) return;
    }
    if (bottom || Date.now() - lastScroll < SCROLL_EVERY_MS) return;
    lastScroll = Date.now();
    if (await scrollOneScreen(ctx.page)) ctx.observed.scrolled = (ctx.observed.scrolled ?? 0) + 1;
    else bottom = true;
  };
}

/** Scrolls the page and its fullest scrollable container (in open shadow roots too) down by most of a screen; false when neither moved. */
export function scrollOneScreen(page: Page): Promise<boolean> {
  return quietly(page, () =>
    page
      // No named functions inside: the page has no __name helper that the TypeScript loader adds to them.
      .evaluate(() => {
        let fullest: Element | undefined;
        // Containers in open shadow roots too: a web component's list scrolls in its own.
        const all: Element[] = Array.from(document.body?.querySelectorAll('*') ?? []);
        for (const el of all) {
          if (el.shadowRoot) all.push(...Array.from(el.shadowRoot.querySelectorAll('*')));
          if (el.scrollHeight <= el.clientHeight + 1 || el.clientHeight === 0) continue;
          if (!/(auto|scroll)/.test(getComputedStyle(el).overflowY)) continue;
          if (!fullest || el.scrollHeight > fullest.scrollHeight) fullest = el;
        }
        let moved = false;
        for (const el of [document.scrollingElement ?? document.documentElement, fullest]) {
          if (!el) continue;
          const before = el.scrollTop;
          el.scrollTop = before + Math.max(40, el.clientHeight * 0.8);
          moved = moved || el.scrollTop !== before;
        }
        return moved;
      })
      .catch((err: unknown) => {
        if (isClosed(err)) throw err;
        return false;
      }),
  );
}

/**
 * Opens the collapsed owner (a combobox, menu button or tree item with aria-expanded="false") of a
 * hidden item named `target`, found through aria-controls / aria-owns or as the toggle beside the
 * item's list. False when no hidden item has that name or its owner cannot be found.
 */
export function openOwnerOf(page: Page, target: string): Promise<boolean> {
  return quietly(page, async () => {
    for (const frame of page.frames()) {
      for (const role of ITEM_ROLES) {
        const item = frame.getByRole(role, { name: asRead(target), includeHidden: true }).first();
        if ((await item.count().catch(() => 0)) === 0) continue;
        const owner = await ownerOf(frame, item);
        if (!owner) continue;
        await owner.click({ timeout: 1000 }).catch((err: unknown) => {
          if (isClosed(err)) throw err;
        });
        return true;
      }
    }
    return false;
  });
}

const LISTS = ['listbox', 'menu', 'tree', 'group', 'grid'].map((r) => `@role="${r}"`).join(' or ');
const TOGGLE = '[aria-expanded=false], [aria-haspopup]:not([aria-expanded=true]), [role=combobox]';

async function ownerOf(frame: Frame, item: Locator): Promise<Locator | undefined> {
  const list = item.locator(`xpath=ancestor::*[${LISTS}][1]`);
  if ((await list.count().catch(() => 0)) === 0) return undefined;
  const id = await list.getAttribute('id', { timeout: 500 }).catch(() => null);
  if (id) {
    const named = frame.locator(`[aria-controls~="${cssEscape(id)}"], [aria-owns~="${cssEscape(id)}"]`);
    if ((await named.count().catch(() => 0)) > 0) return named.first();
  }
  // The toggle beside the list: its parent when that is the toggle (a tree item), else a toggle within it.
  const parent = list.locator('xpath=..');
  const self = parent.and(frame.locator(TOGGLE));
  if ((await self.count().catch(() => 0)) > 0) return self;
  const within = parent.locator(TOGGLE).filter({ visible: true });
  return (await within.count().catch(() => 0)) > 0 ? within.first() : undefined;
}

const cssEscape = (text: string) => text.replace(/["\\]/g, '\\$&');

import type { Frame, Locator, Page } from 'playwright-core';

/** The part of Playwright's client objects (ChannelOwner) that groups calls under one API call. */
interface CallGrouping {
  _wrapApiCall?<T>(calls: () => Promise<T>, options: { internal: boolean }): Promise<T>;
}

/**
 * Runs the runner's own looks (counting matches while it waits, reading facts, probing a page) as
 * Playwright-internal calls, so a recorded trace holds the Run's actions (navigate, fill, click) and
 * not a hundred "Query count" entries: Playwright takes two DOM snapshots around every traced call,
 * which cost more than the looks themselves while a step waits for a text. The looks behave the
 * same either way. `_wrapApiCall` is how Playwright groups its own calls (playwright-core is pinned
 * in package.json; test/workflows/run-trace.test.ts fails if the looks show up in a trace again).
 */
export function quietly<T>(scope: Page | Frame, looks: () => Promise<T>): Promise<T> {
  const owner = scope as unknown as CallGrouping;
  return owner._wrapApiCall ? owner._wrapApiCall(looks, { internal: true }) : looks();
}

/** Reads from an element in the page as one of the runner's looks (see `quietly`). */
export function readElement<R>(element: Locator, read: (el: SVGElement | HTMLElement) => R): Promise<R> {
  return quietly(element.page(), () => element.evaluate(read));
}

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  CONTROLS_PER_FINDING,
  accessibilityImpacts,
  type AccessibilityFinding,
  type AccessibilityImpact,
} from '../../../core/accessibility';

let axeSource: string | undefined;
/** axe-core's own bundle, read once per worker. */
const source = () => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

const NAME_MAX = 80;

/**
 * Runs axe-core on the page as it stands and returns its violations as facts: rule, impact, count
 * and the first controls by role and accessible name. Evaluated through playwright-core (the
 * page's Content-Security-Policy does not apply to it), so no script tag is added to the page.
 * Element HTML and selectors stay in the page.
 */
export async function checkAccessibility(page: Page): Promise<AccessibilityFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  // A string, not a function: a compiled function may call helpers of the bundler (esbuild's
  // __name) that do not exist in the page.
  const found: unknown = await page.evaluate(`(${IN_PAGE})(${CONTROLS_PER_FINDING}, ${NAME_MAX})`);
  return (found as Array<Omit<AccessibilityFinding, 'impact'> & { impact: string }>).map((f) => ({
    ...f,
    impact: (accessibilityImpacts as readonly string[]).includes(f.impact)
      ? (f.impact as AccessibilityImpact)
      : 'minor',
  }));
}

/** Runs in the page: axe-core's violations, each node described by role and accessible name only. */
const IN_PAGE = `async function (perFinding, nameMax) {
  const axe = window.axe;
  const result = await axe.run(document, { resultTypes: ['violations'] });
  // Names are read from axe's own tree of the page, which run() leaves torn down.
  axe.setup(document);
  // A node in a frame or a shadow root has a list of selectors: counted, not named.
  function describe(target) {
    if (!Array.isArray(target) || target.length !== 1 || typeof target[0] !== 'string') return null;
    const el = document.querySelector(target[0]);
    if (!el) return null;
    const node = axe.utils.getNodeFromTree(el);
    if (!node) return null;
    const role = axe.commons.aria.getRole(node) || el.tagName.toLowerCase();
    const name = String(axe.commons.text.accessibleTextVirtual(node) || '').trim().replace(/\\s+/g, ' ');
    if (!name) return role + ' (no name)';
    return role + ' "' + (name.length > nameMax ? name.slice(0, nameMax - 1) + '\u2026' : name) + '"';
  }
  try {
  return result.violations.map(function (v) {
    const named = v.nodes.slice(0, perFinding * 2).map(function (n) { return describe(n.target); }).filter(Boolean);
    return { rule: String(v.id), impact: String(v.impact), count: v.nodes.length, controls: Array.from(new Set(named)).slice(0, perFinding) };
  });
  } finally {
    axe.teardown();
  }
}`;

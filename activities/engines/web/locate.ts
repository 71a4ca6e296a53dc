import { randomUUID } from 'node:crypto';
import { errors, type Frame, type Locator, type Page } from 'playwright-core';
import { SUGGEST, StepFailure, isClosed } from '../shared/failures';
import { quietly } from './quiet';

/** Where controls are looked for: the page's main frame or any of its frames (same- or cross-origin, nested). */
export type Scope = Page | Frame;

/**
 * Roles a click target may have, in the order they are preferred: native controls and the ARIA
 * widgets component libraries build from divs (menus, tabs, switches, selects, trees, grids). A grid
 * cell comes before its row, whose name is every cell's text.
 */
export const CONTROL_ROLES = [
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'checkbox',
  'radio',
  'switch',
  'option',
  'combobox',
  'treeitem',
  'gridcell',
  'row',
] as const;

/** Controls that icon buttons and the like are named by their tooltip (title or aria-describedby) instead. */
const TOOLTIP_ROLES = ['button', 'link', 'menuitem', 'tab', 'checkbox', 'switch'] as const;

/** Items that live in a list, menu or tree that may be closed: a click on one opens its owner first. */
export const ITEM_ROLES = ['option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem'] as const;

/**
 * Elements that take a value; `fill` refuses anything else (a select takes the option whose label is
 * the value). Not a read-only input (a library's select keeps one to hold focus: Quasar's QSelect),
 * nor a combobox's input that asks for no keyboard (`inputmode=none`: Vuetify's v-select, which
 * takes no typing), nor one hidden from people (`aria-hidden`: the form value behind a date picker's
 * segments).
 */
const EDITABLE =
  'input:not([type=hidden]):not([readonly]):not([aria-hidden=true]):not([role=combobox][inputmode=none]), textarea:not([readonly]), select, [contenteditable]:not([contenteditable=false])';

/** Roles of the fields a person types into, found by the accessible name the browser computes. */
export const FIELD_ROLES = ['textbox', 'searchbox', 'spinbutton'] as const;

/**
 * Ways to find a field for fill, preferred first: by label, by the accessible name (a label that is
 * an image with alt text names its field so), by placeholder, by `name` attribute.
 */
function fieldCandidates(scope: Scope, target: string): Locator[] {
  const editable = scope.locator(EDITABLE);
  const name = asRead(target);
  return [
    scope.getByLabel(name),
    ...FIELD_ROLES.map((role) => scope.getByRole(role, { name })),
    scope.getByPlaceholder(name),
    scope.locator(`[name=${cssString(target)}]`),
    // A field a person names by its tooltip, below every name it has.
    scope.getByTitle(name),
  ].map((candidate) => candidate.and(editable));
}

/**
 * Characters a person reads as one (docs/runner.md lists them), each group with the one it is read as:
 * apostrophes and single quotes, double quotes and guillemets, every kind of dash and the minus sign.
 */
export const READ_ALIKE: { as: string; chars: string }[] = [
  { as: "'", chars: "'\u2019\u2018\u201A\u201B\u02BC`\u00B4\u2039\u203A" },
  { as: '"', chars: '"\u201C\u201D\u201E\u201F\u00AB\u00BB' },
  { as: '-', chars: '-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D' },
];

/** A regular-expression class of a group's characters, e.g. `[\-‐‑]`. */
export const alikeClass = (chars: string) => `[${chars.replace(/[\]\\^-]/g, '\\$&')}]`;

/**
 * A name as a person reads it: case, curly or straight quotes and apostrophes, the kind of dash and
 * the kind and number of spaces do not matter ("Yes, I'm sure" finds "Yes, I’m sure"). Substring
 * unless `whole`, as Playwright matches a name given as a string.
 */
export function asRead(name: string, { whole = false } = {}): RegExp {
  let source = '';
  for (const char of name.trim()) {
    const alike = READ_ALIKE.find(({ chars }) => chars.includes(char));
    if (alike) source += alikeClass(alike.chars);
    else if (/\s/.test(char)) source += source.endsWith('\\s+') ? '' : '\\s+';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(whole ? `^\\s*${source}\\s*$` : source, 'i');
}

/**
 * Ways to find a control for click, preferred first: by role and accessible name, then by exact
 * text, then by the tooltip a person reads on an icon button (its accessible description), then by
 * a tooltip (`title`) that is the target, on whatever element carries it: a pagination item whose
 * `<li title="Next Page">` holds an icon button named by its icon ("right": Ant Design).
 */
export function controlCandidates(scope: Scope, target: string): Locator[] {
  const name = asRead(target);
  return [
    ...CONTROL_ROLES.map((role) => scope.getByRole(role, { name })),
    scope.getByText(asRead(target, { whole: true })),
    ...TOOLTIP_ROLES.map((role) => scope.getByRole(role, { description: name })),
    scope.getByTitle(asRead(target, { whole: true })),
  ];
}

/**
 * What a fill acts on when it is not a field a person types into, by its name: a custom select (a
 * combobox that takes no text, or a button that opens a listbox: React Aria, Headless UI), a date
 * field built of segments (a group of spinbuttons: MUI X, React Aria), a slider drawn from divs
 * (named, or else by the label beside it), an upload button or label that holds a hidden file input
 * (MUI's "Upload photo", Ant Design's Upload).
 */
function choiceCandidates(scope: Scope, target: string): Locator[] {
  const name = asRead(target);
  const holdsFileInput = scope.locator(':has(input[type=file])');
  // A button beside its hidden file input (React Aria's FileTrigger, a button calling input.click()).
  const besideFileInput = scope.locator(NEAR_FILE_INPUT);
  return [
    scope.getByRole('combobox', { name }),
    scope.getByTitle(name).and(scope.getByRole('combobox')),
    scope.getByRole('button', { name }).and(scope.locator('[aria-haspopup=listbox]')),
    scope.getByRole('group', { name }).and(scope.locator(SEGMENTED)),
    scope.getByRole('slider', { name }),
    // A slider with no name of its own, read by the label text beside it (Vuetify's v-slider).
    scope.getByText(asRead(target, { whole: true })).locator(LABELLED_SLIDER),
    scope.getByRole('button', { name }).and(holdsFileInput),
    scope.getByRole('button', { name }).and(besideFileInput),
    scope.locator('label').filter({ hasText: name }).and(holdsFileInput),
  ];
}

/**
 * From a label's text: the one slider without a name of its own in the nearest element around the
 * text that holds a slider (the field's group), as a person reads "Weekly hours" above its slider.
 */
const LABELLED_SLIDER =
  'xpath=ancestor::*[.//*[@role="slider"]][1][count(.//*[@role="slider"]) = 1]//*[@role="slider"][not(@aria-label) and not(@aria-labelledby)]';

/** An element whose parent holds a file input. */
const NEAR_FILE_INPUT = 'xpath=//*[..//input[@type="file"]]';

/** A group of two or more spinbuttons: a date or time field built of segments. */
const SEGMENTED = 'xpath=//*[count(.//*[@role="spinbutton"]) >= 2]';

/** Pause between looks while waiting for an element: short enough for a toast, long enough to stay cheap. */
export const POLL_MS = 50;

/**
 * Waits up to `timeoutMs` for any candidate to show in any frame of the page, then returns the best
 * visible match: the most preferred candidate wins across frames (a button "Sign in" inside the login
 * iframe beats a heading "Sign in" of the main page), the main frame wins a tie, and among several
 * matches of one candidate (duplicate labels) an enabled one inside the viewport beats the rest.
 * Playwright's role, label and text locators already pierce open shadow roots.
 */
export async function findVisible(
  page: Page,
  candidatesIn: (scope: Scope) => Locator[],
  timeoutMs: number,
  reveal?: Reveal,
  target?: string,
): Promise<Locator> {
  return (await findRanked(page, candidatesIn, timeoutMs, reveal, target)).locator;
}

/** findVisible, with the index of the candidate that found it. */
function findRanked(
  page: Page,
  candidatesIn: (scope: Scope) => Locator[],
  timeoutMs: number,
  reveal?: Reveal,
  target?: string,
) {
  return quietly(page, () => lookUntilVisible(page, candidatesIn, timeoutMs, reveal, target));
}

/**
 * How a fill acts on what it found: types, picks an option, moves a slider, types a date's
 * segments, or chooses a file.
 */
export type FillKind = 'text' | 'select' | 'slider' | 'segments' | 'file';

/** What a fill acts on: a field, a custom select, a slider, a field of segments or a file input. */
export interface FillTarget {
  field: Locator;
  /**
   * How to fill it: known from how it was found for a field, read from the page otherwise, and for a
   * spinbutton (`role`, as describeElement read it), which may be one segment of a date, a slider, or
   * a button (a file input is one).
   */
  kind(role: string | undefined): Promise<FillKind>;
}

/**
 * Finds the element a fill acts on (fields by label, placeholder, name and tooltip, then custom
 * selects), as findVisible. A field was found by a locator that matches editable elements only, so
 * only a combobox match is asked whether it takes text: that read runs in the page's own world,
 * which costs a dozen protocol messages and compiles Playwright's injected script there.
 */
export async function findFillTarget(
  page: Page,
  target: string,
  timeoutMs: number,
  reveal?: Reveal,
): Promise<FillTarget> {
  const candidatesIn = (scope: Scope) => [...fieldCandidates(scope, target), ...choiceCandidates(scope, target)];
  const { locator, rank } = await findRanked(page, candidatesIn, timeoutMs, reveal, target);
  const fieldWays = fieldCandidates(page, target).length;
  return {
    field: locator,
    kind: async (role) =>
      rank < fieldWays && !['spinbutton', 'slider', 'button'].includes(role ?? '') ? 'text' : fillKind(locator),
  };
}

/**
 * The element that has focus: not the body or root of a page where nothing has, nor the frame or
 * shadow host around the element that has (they match `:focus` too; the element itself comes last).
 */
const FOCUSED = ':focus:not(html):not(body):not(iframe):not(frame)';

/** Marks the element a step without target acts on (see findFocused). */
const FOCUS_MARK = 'data-qa-focused';

/**
 * The control that has focus, in whichever frame holds it and inside shadow roots (Playwright's
 * selectors see into them), waited for up to `timeoutMs`: a fill or click without target acts on
 * it, as a person types into the field they clicked into. The element is marked and found by its
 * mark, so the step keeps acting on it when the action moves the focus (a select's list takes it).
 * Throws Playwright's TimeoutError when nothing has focus by then.
 */
export async function findFocused(page: Page, timeoutMs: number): Promise<Locator> {
  const mark = randomUUID();
  const deadline = Date.now() + timeoutMs;
  return quietly(page, async () => {
    for (;;) {
      for (const frame of page.frames()) {
        const focused = frame.locator(FOCUSED).last();
        if ((await focused.count().catch(zero)) === 0) continue;
        const marked = await focused
          .evaluate((el, [name, value]) => el.setAttribute(name, value), [FOCUS_MARK, mark] as const, { timeout: 1000 })
          .then(() => true)
          .catch((err: unknown) => {
            if (isClosed(err)) throw err;
            return false; // it lost focus, or its frame went away: look again
          });
        if (marked) return frame.locator(`[${FOCUS_MARK}="${mark}"]`);
      }
      if (Date.now() >= deadline) throw new errors.TimeoutError(`Nothing had focus within ${timeoutMs} ms.`);
      await sleep(POLL_MS);
    }
  });
}

/** Takes the marks of findFocused off again, in every frame: the step leaves the page's markup as it found it. */
export async function unmarkFocused(page: Page): Promise<void> {
  await Promise.all(
    page.frames().map(
      (frame) =>
        frame
          .locator(`[${FOCUS_MARK}]`)
          .evaluateAll((els, name) => els.forEach((el) => el.removeAttribute(name)), FOCUS_MARK)
          .catch(() => undefined), // a frame that went away holds no mark
    ),
  );
}

/** Lists, selects and sliders a fill without target may act on besides a field one types into. */
const FOCUSED_CHOICE = '[role=combobox], [role=listbox], [aria-haspopup=listbox], [role=slider], [role=spinbutton]';

/**
 * What a fill without target acts on: the focused element, when it takes a value (a field, a
 * select, a slider, a date's segment, a file input). Anything else (a focused button or link) is no
 * field: the step's definition is wrong.
 */
export async function findFocusedFillTarget(page: Page, timeoutMs: number): Promise<FillTarget> {
  const field = await findFocused(page, timeoutMs);
  return {
    field,
    kind: async (role) => {
      const kind = await fillKind(field);
      if (kind === 'select' && !(await quietly(page, () => field.evaluate((el, c) => el.matches(c), FOCUSED_CHOICE)))) {
        throw new StepFailure(
          'test_definition',
          `The focused element${role ? ` (a ${role})` : ''} is not a field that accepts text.`,
          SUGGEST.noTarget,
        );
      }
      return kind;
    },
  };
}

/** How a fill acts on the element, read in the page. */
function fillKind(element: Locator): Promise<FillKind> {
  return quietly(element.page(), () =>
    element.evaluate((el, editable): FillKind => {
      if ((el as HTMLInputElement).type === 'file' || el.querySelector('input[type=file]')) return 'file';
      if (el.matches('button, [role=button]') && el.parentElement?.querySelector('input[type=file]')) return 'file';
      const role = el.getAttribute('role');
      if (role === 'slider' || (el as HTMLInputElement).type === 'range') return 'slider';
      const group = role === 'group' ? el : role === 'spinbutton' ? el.closest('[role=group]') : null;
      if (group && group.querySelectorAll('[role=spinbutton]').length >= 2) return 'segments';
      return el.matches(editable) ? 'text' : 'select';
    }, EDITABLE),
  );
}

/**
 * What a person does when the control is not on screen (open the list that holds it, scroll to it):
 * called after each look that found nothing, with how long the look has been missing.
 */
export type Reveal = (missingForMs: number) => Promise<void>;

async function lookUntilVisible(
  page: Page,
  candidatesIn: (scope: Scope) => Locator[],
  timeoutMs: number,
  reveal?: Reveal,
  target?: string,
): Promise<{ locator: Locator; rank: number }> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    let best: { rank: number; locator: Locator } | undefined;
    for (const frame of page.frames()) {
      const visible = candidatesIn(frame).map((candidate) => candidate.filter({ visible: true }));
      // The most preferred way usually finds it (a field by its label, a button by its name): one
      // look. Otherwise one look at the union of the rest, and only a frame with a match pays for ranking.
      const first = await visible[0].count().catch(zero);
      if (first > 0) {
        best = {
          rank: 0,
          locator: first === 1 ? visible[0] : visible[0].nth(await preferredIndex(visible[0], target)),
        };
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
          best = { rank, locator: count === 1 ? candidate : candidate.nth(await preferredIndex(candidate, target)) };
          break;
        }
      }
    }
    if (best) return best;
    if (Date.now() >= deadline) throw new errors.TimeoutError(`no visible match within ${timeoutMs}ms`);
    if (reveal) await reveal(Date.now() - started);
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  }
}

/**
 * Among duplicates, what a person would reach: one inside the open modal dialog when there is one
 * (what lies behind it cannot be clicked), then one whose whole name is the target ("Remove" before
 * "Remove Grace Hopper"), enabled and in the viewport, then the first in document order. The modal
 * is looked for in open shadow roots too (a web component's dialog panel), and an element is inside
 * it as drawn: through the slot it is assigned to and up from a shadow root to its host.
 */
async function preferredIndex(candidate: Locator, target?: string): Promise<number> {
  const [facts, texts] = await Promise.all([
    candidate.evaluateAll((elements) => {
      // The open modal dialog, found once: what lies outside it cannot be reached.
      let modal: Element | undefined;
      const roots: Array<Document | ShadowRoot> = [document];
      for (const root of roots)
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (el.shadowRoot) roots.push(el.shadowRoot);
          if (
            !modal &&
            el.matches('[aria-modal=true], dialog[open]') &&
            el.checkVisibility() &&
            (el.tagName !== 'DIALOG' || el.matches(':modal'))
          )
            modal = el;
        }
      return elements.map((el) => {
        const rect = el.getBoundingClientRect();
        const inView =
          rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
        const disabled = el.matches(':disabled') || el.closest('[aria-disabled="true"]') !== null;
        let reachable = !modal;
        for (let node: Node | null = el; node && !reachable;) {
          reachable = node === modal;
          node = (node as Element).assignedSlot ?? node.parentNode ?? (node as ShadowRoot).host ?? null;
        }
        return { enabled: !disabled, inView, reachable, label: el.getAttribute('aria-label') };
      });
    }),
    candidate.evaluateAll(shownTexts),
  ]).catch(() => [[], []] as const);
  const wanted = target?.replace(/\s+/g, ' ').trim().toLowerCase();
  const score = (i: number) => {
    const f = facts[i];
    const name = (f.label ?? texts[i] ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    const whole = wanted !== undefined && name === wanted;
    return (f.reachable ? 8 : 0) + (whole ? 4 : 0) + (f.enabled ? 2 : 0) + (f.inView ? 1 : 0);
  };
  let best = 0;
  facts.forEach((_, i) => {
    if (score(i) > score(best)) best = i;
  });
  return best;
}

/**
 * The text a person reads in each element, as drawn: hidden parts left out, and the content of
 * shadow roots and of what is slotted into them included (innerText stops at a `<slot>`: the button
 * inside a web component reads "" where a person reads the "Remove" its host slots into it). With
 * `fieldErrors`, a field marked invalid (`aria-invalid`) reads as the error message it points at
 * (aria-errormessage, aria-describedby), else as "a field marked invalid (its name)". Sent to the
 * page as is (`evaluateAll(shownTexts)`): no named helpers inside.
 */
export function shownTexts(elements: Element[], fieldErrors = false): string[] {
  // No named helpers in here (the TypeScript loader wraps even an arrow held in a const): one loop over a stack.
  return elements.map((el) => {
    const invalid = fieldErrors && el.getAttribute('aria-invalid') === 'true';
    const root = el.getRootNode() as Document | ShadowRoot;
    const ids = `${el.getAttribute('aria-errormessage') ?? ''} ${el.getAttribute('aria-describedby') ?? ''}`;
    const sources = invalid ? ids.split(/\s+/).map((id) => (id ? root.getElementById(id) : null)) : [el];
    for (const source of sources) {
      if (!source) continue;
      let text = '';
      // Nodes in the order they are drawn; a string is the break a block puts around its text.
      const stack: Array<Node | string> = [source];
      while (stack.length > 0) {
        const node = stack.pop()!;
        if (typeof node === 'string' || node.nodeType === Node.TEXT_NODE) {
          text += typeof node === 'string' ? node : node.textContent;
          continue;
        }
        if (!(node instanceof Element)) continue;
        if (node instanceof HTMLSlotElement) {
          stack.push(...node.assignedNodes({ flatten: true }).reverse());
          continue;
        }
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const gap = node.tagName === 'BR' || !/^(inline|contents)/.test(style.display) ? ' ' : '';
        stack.push(gap, ...Array.from((node.shadowRoot ?? node).childNodes).reverse(), gap);
      }
      text = text.replace(/\s+/g, ' ').trim();
      if (text) return text;
    }
    return invalid
      ? `a field marked invalid (${el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.id})`
      : '';
  });
}

/**
 * Whether `text` shows in any frame of the page right now (visible elements only, open shadow roots
 * included).
 */
export function showsText(page: Page, text: string): Promise<boolean> {
  return quietly(page, async () => {
    for (const frame of page.frames()) {
      if ((await frame.getByText(asRead(text)).filter({ visible: true }).count().catch(zero)) > 0) return true;
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
export async function describeElement(element: Locator, fallbackName?: string): Promise<Described> {
  // An element with no name of its own, found by focus rather than by name, is told by its kind alone.
  const named = (kind: string, name = fallbackName) => (name === undefined ? kind : `${kind} "${name}"`);
  try {
    const snapshot = await quietly(element.page(), () => element.ariaSnapshot({ timeout: 1000 }));
    const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot);
    if (!match) return { text: named('element') };
    const role = match[1] === 'generic' ? 'text' : match[1];
    return { text: named(role, match[2] ?? fallbackName), role: match[1] };
  } catch {
    return { text: named('element') };
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

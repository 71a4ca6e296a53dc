import type { Locator, Page, Response } from 'playwright-core';
import { EGRESS_REFUSED } from '../../../core/egress';
import type { StepOf, WebStep } from '../../../core/steps';
import {
  SUGGEST,
  StepFailure,
  isClosed,
  isTimeout,
  isTransient,
  message,
  seconds,
  environmentValue,
  the,
  The,
} from '../shared/failures';
import {
  POLL_MS,
  asRead,
  controlCandidates,
  describeElement,
  findFillTarget,
  findFocused,
  findFocusedFillTarget,
  unmarkFocused,
  findVisible,
  showsText,
  shownTexts,
  type Reveal,
} from './locate';
import { ANNOUNCES, ANSWERS, announcements } from './announce';
import { revealFor } from './reveal';
import { BUSY, SETTLE_CAP_MS, beforeClick, pageState, settleAfterClick, watchClick } from './settle';
import { nearby } from './suggest';
import { remaining, rethrowClosed, sleep, type StepContext } from './step-context';
import { quietly, readElement } from './quiet';
import { clickUntilChosen } from './radio';
import { chooseFile } from './upload';
import type { Redactor } from '../shared/redactor';
import type { Observed } from '../shared/result';
import { chooseAgentValue, type ChosenValue, type FieldFacts } from '../shared/values';

/** Performs the step's action and proves its own effect; returns the sentence that says so. */
export async function act(ctx: StepContext): Promise<string> {
  // What the page already announced, so that a refusal the action brings is told apart (checkExpectation).
  if (ctx.step.expect?.text) ctx.announcedBefore = await announcements(ctx.page, ANSWERS).catch(() => []);
  // A context is narrowed by its step's action; it is passed on, not copied, since recoveries count on it.
  switch (ctx.step.action) {
    case 'navigate':
      return navigate(ctx as StepContext<StepOf<'navigate'>>);
    case 'fill':
      return fill(ctx as StepContext<StepOf<'fill'>>);
    case 'click':
      return click(ctx as StepContext<StepOf<'click'>>);
  }
}

// A retry right away would meet the same re-render or navigation; a short pause lets it finish.
const RECOVERY_PAUSE_MS = 150;

/**
 * Runs `attempt` and retries it after a short pause when it meets a transient state, up to
 * `maxRecoveries` times, counting each retry. With `split`, the budget is divided evenly among the
 * attempts, so that an element that is merely late costs a recovery instead of the whole budget, and
 * the last attempt gets whatever time is left.
 */
async function withRecovery<T>(
  ctx: StepContext,
  attempt: (timeoutMs: number) => Promise<T>,
  { split = true, transient = isTransient }: { split?: boolean; transient?: (err: unknown) => boolean } = {},
): Promise<T> {
  const window = split ? ctx.stepTimeoutMs / (ctx.maxRecoveries + 1) : Infinity;
  for (;;) {
    const last = ctx.recoveries >= ctx.maxRecoveries;
    try {
      return await attempt(Math.max(1, Math.min(last ? Infinity : window, remaining(ctx))));
    } catch (err) {
      if (last || !transient(err) || remaining(ctx) <= RECOVERY_PAUSE_MS) throw err;
      ctx.recoveries += 1;
      await sleep(RECOVERY_PAUSE_MS);
    }
  }
}

async function navigate(ctx: StepContext<StepOf<'navigate'>>): Promise<string> {
  const path = ctx.step.target ?? '/';
  const url = new URL(path, ctx.baseUrl);
  // A step may only open pages of the site under test; an absolute address elsewhere is a test error.
  if (url.origin !== new URL(ctx.baseUrl).origin) {
    throw new StepFailure(
      'test_definition',
      `The address "${path}" leads outside the site under test.`,
      SUGGEST.testDefinition,
    );
  }
  let response: Response | null;
  try {
    response = await withRecovery(ctx, () => ctx.page.goto(url.href, { waitUntil: 'load', timeout: remaining(ctx) }), {
      split: false,
      // Only an interrupted navigation is worth repeating; a slow or refused one would just be slow twice.
      transient: (err) => /ERR_ABORTED|interrupted by another navigation/.test(message(err)),
    });
  } catch (err) {
    throw navigationFailure(err, path, url.origin, ctx.stepTimeoutMs, ctx.lastConnectFailure);
  }
  const status = response?.status();
  if (status !== undefined) ctx.observed.status = status;
  if (status !== undefined && status >= 400) {
    throw new StepFailure(
      'application',
      `The page "${path}" answered with HTTP ${status}.`,
      "Check the application's logs for this request; it returned an error instead of the page.",
    );
  }
  return `The page "${path}" loaded${status === undefined ? '' : ` (HTTP ${status})`}.`;
}

const UNREACHABLE: Record<string, string> = {
  ERR_CONNECTION_REFUSED: 'the connection was refused',
  ERR_NAME_NOT_RESOLVED: 'its address was not found',
  ERR_ADDRESS_UNREACHABLE: 'its address is unreachable',
  ERR_CONNECTION_TIMED_OUT: 'the connection timed out',
  ERR_CONNECTION_RESET: 'the connection was reset',
  ERR_CONNECTION_CLOSED: 'the connection was closed',
  ERR_EMPTY_RESPONSE: 'it sent no response',
  ERR_INTERNET_DISCONNECTED: 'the runner has no network',
  // Only the egress checks of web.ts (request interception and the egress proxy) fail requests this way.
  // In the customer's words: the rule that refused goes to the worker's log (the step's internal error).
  ERR_BLOCKED_BY_CLIENT: EGRESS_REFUSED,
};

/** A network error of Chromium (`net::ERR_…`) in a customer's words; never the code itself. */
export function networkErrorWords(errorText: string): string {
  const code = /(ERR_[A-Z_]+)/.exec(errorText)?.[1];
  return (code && UNREACHABLE[code]) ?? 'the request failed';
}

/** Unreachable site → environment; too slow → timeout; anything else passes through unchanged. */
function navigationFailure(
  err: unknown,
  path: string,
  origin: string,
  budgetMs: number,
  lastConnectFailure?: () => string | undefined,
): unknown {
  if (err instanceof StepFailure || isClosed(err)) return err;
  if (isTimeout(err)) {
    return new StepFailure(
      'timeout',
      `The page "${path}" did not finish loading within ${seconds(budgetMs)}.`,
      SUGGEST.timeout,
      err,
    );
  }
  let code = /net::(ERR_[A-Z_]+)/.exec(message(err))?.[1];
  if (code === 'ERR_SOCKS_CONNECTION_FAILED') code = lastConnectFailure?.() ?? code;
  if (code) {
    const why =
      UNREACHABLE[code] ??
      (code.startsWith('ERR_CERT') ? 'its certificate was not accepted' : 'the browser could not load it');
    return new StepFailure(
      'environment',
      `The site at ${origin} could not be reached: ${why}.`,
      SUGGEST.unreachable,
      err,
    );
  }
  return err;
}

async function fill(ctx: StepContext<StepOf<'fill'>>): Promise<string> {
  const target = ctx.step.target;
  const theField = The('field', target);
  let phase: 'locate' | 'act' = 'locate';
  let value: ChosenValue | undefined; // chosen once per step, so a recovery types the same value again
  // Without target the step types where the focus is, as a person does: nothing to look for or reveal.
  const reveal = target === undefined ? undefined : revealFor(ctx, target, { items: false });
  try {
    return await withRecovery(ctx, async (timeout) => {
      phase = 'locate';
      const { field, kind } =
        target === undefined
          ? await findFocusedFillTarget(ctx.page, timeout)
          : await findFillTarget(ctx.page, target, timeout, reveal);
      phase = 'act';
      const described = await describeElement(field, target);
      ctx.observed.found ??= described.text;
      const how = await kind(described.role);
      if (how !== 'text') {
        value ??= await chooseValue(ctx, { type: how === 'select' ? 'combobox' : how, words: '' });
        // A value chosen, slid or typed into segments shows on the page: the recording stops first, as for a typed one.
        if (value.secret) {
          ctx.redactor.add(value.text);
          await ctx.browsing.beforeSecret();
        }
        if (how === 'slider') return await slideByKeys(ctx, field, value, timeout);
        if (how === 'segments') return await typeSegments(ctx, field, value);
        if (how === 'file') return await chooseFile(ctx, field, value);
        return await pickOption(ctx, field, value);
      }
      const facts = await readFieldFacts(field, described.role, ctx.step.valueSpec.kind === 'agent');
      value ??= await chooseValue(ctx, facts);
      if (value.secret || facts.type === 'password') {
        value.secret = true;
        ctx.redactor.add(value.text);
        await ctx.browsing.beforeSecret();
        // Drawn as dots, like a password field, so no screenshot or trace frame shows the secret in
        // clear. A password field draws its own.
        if (facts.type !== 'password') {
          await readElement(field, (el) => el.style.setProperty('-webkit-text-security', 'disc'));
        }
      }
      let held: string;
      if (facts.type === 'select') {
        held = await choose(ctx, field, value);
      } else {
        await field.fill(value.text, { timeout: remaining(ctx) });
        // A combobox that offers a list: the value is one of its options, chosen as a person chooses it.
        if (described.role === 'combobox' && (await chooseTyped(ctx, field, value)))
          return await confirmChosen(ctx, field, value);
        // The postcondition of a fill: the field now holds exactly what was typed. Compared in memory only.
        held = await readHeld(field, remaining(ctx));
      }
      if (!value.secret) ctx.observed.value = held;
      if (held !== (facts.type === 'select' ? value.text.trim() : value.text)) {
        throw new StepFailure(
          'application',
          `${theField} did not keep the value typed into it.`,
          'Check whether the field rejects or rewrites this input, or change the value the step types.',
        );
      }
      return `${theField} holds the entered value.`;
    });
  } catch (err) {
    if (err instanceof StepFailure || isClosed(err)) throw err;
    const failure = await timedOutIn(phase, err, ctx, {
      locate: `No field labelled "${target}" appeared`,
      act:
        target === undefined
          ? 'The focused field did not accept input'
          : `${theField} appeared but did not accept input`,
      kind: 'field',
    });
    if (failure) throw failure;
    if (/not an <input>|not an input|cannot be filled/i.test(message(err))) {
      throw new StepFailure(
        'test_definition',
        `${The('element', target)} is not a field that accepts text.`,
        SUGGEST.testDefinition,
        err,
      );
    }
    throw err;
  } finally {
    if (target === undefined) await unmarkFocused(ctx.page);
  }
}

/**
 * A fill on a custom select (a combobox built from divs, its options perhaps in a portal): open it,
 * click the option named by the value, and check the select now shows it, as a person would. A
 * value the list does not offer fails the step, naming the options it does offer.
 */
async function pickOption(ctx: StepContext<StepOf<'fill'>>, box: Locator, value: ChosenValue): Promise<string> {
  await openSelect(ctx, box);
  const option = await findOption(ctx, box, value, { partial: true, timeoutMs: Math.min(remaining(ctx), 2000) });
  if (!option) throw await notOffered(ctx, box, value);
  // A list that takes several choices (aria-multiselectable) stays open after one: a person closes
  // it with Escape before going on, since an open list may cover the page (Angular Material's select
  // lays a transparent backdrop over it that takes the next click).
  const several = await readElement(
    option,
    (el) => el.closest('[role=listbox]')?.getAttribute('aria-multiselectable') === 'true',
  ).catch(() => false);
  await option.click({ timeout: remaining(ctx) });
  if (several && (await option.isVisible().catch(() => false))) await ctx.page.keyboard.press('Escape');
  return confirmChosen(ctx, box, value);
}

/**
 * Opens a custom select with a click where a person clicks it. A select whose own input lets the
 * field drawn around it take the pointer (Vuetify's v-select: the input has `pointer-events: none`)
 * is clicked at the same point, on that field: Playwright would otherwise wait for the input itself
 * to take the click, which it never does.
 */
async function openSelect(ctx: StepContext<StepOf<'fill'>>, box: Locator): Promise<void> {
  await box.scrollIntoViewIfNeeded({ timeout: remaining(ctx) });
  const underItsField = await quietly(ctx.page, () =>
    box.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const hit = el.ownerDocument.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return hit !== null && hit !== el && !el.contains(hit) && hit.contains(el);
    }),
  ).catch(() => false);
  await box.click({ timeout: remaining(ctx), force: underItsField });
}

/**
 * The option of a list named by the value, waited for up to `timeoutMs`: one whose whole name is the
 * value, else (`partial`) one whose name holds it; or, in a list that does not draw its options (a
 * virtual list: see drawnPopup), the item showing the value's text in its popup. Undefined when none shows.
 */
async function findOption(
  ctx: StepContext<StepOf<'fill'>>,
  box: Locator,
  value: ChosenValue,
  { partial, timeoutMs, reveal }: { partial: boolean; timeoutMs: number; reveal?: Reveal },
): Promise<Locator | undefined> {
  const chosen = value.text.trim();
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    const option = await findVisible(
      ctx.page,
      (scope) => [
        scope.getByRole('option', { name: asRead(chosen, { whole: true }) }),
        ...(partial ? [scope.getByRole('option', { name: asRead(chosen) })] : []),
      ],
      0,
    ).catch((err: unknown) => {
      if (!isTimeout(err)) throw err;
      return undefined;
    });
    if (option) return option;
    const popup = await drawnPopup(box);
    if (popup) {
      const item = popup
        .getByText(asRead(chosen, { whole: true }))
        .filter({ visible: true })
        .first();
      if ((await quietly(ctx.page, () => item.count()).catch(() => 0)) > 0) return item;
    }
    if (Date.now() >= deadline) return undefined;
    await reveal?.(Date.now() - started);
    await sleep(POLL_MS);
  }
}

/**
 * Where a list that does not draw its options shows them: a virtual list may keep a zero-sized copy
 * of a few options for screen readers (the list the combobox controls, with its role=option
 * elements) and draw the items a person sees beside it, without roles (Ant Design's Select). Their
 * popup is the nearest drawn element around that list which does not hold the combobox. Undefined
 * for a list whose options are drawn, or that has none.
 */
async function drawnPopup(box: Locator): Promise<Locator | undefined> {
  const found = await quietly(box.page(), () =>
    box.evaluate((el) => {
      // No named functions in here (not even arrows kept in a const): the function is sent to the
      // page as text, without the helper the compiler adds around names.
      const ids = `${el.getAttribute('aria-controls') ?? ''} ${el.getAttribute('aria-owns') ?? ''}`.split(/\s+/);
      for (const id of ids.filter(Boolean)) {
        const list = el.ownerDocument.getElementById(id);
        const options = list ? Array.from(list.querySelectorAll('[role=option]')) : [];
        const anyDrawn = options.some((e) => {
          const rect = e.getBoundingClientRect();
          return rect.width > 0 && rect.height > 0 && e.checkVisibility({ visibilityProperty: true });
        });
        if (!list || options.length === 0 || anyDrawn) continue;
        let up = 1;
        for (
          let around = list.parentElement;
          around && around !== el.ownerDocument.body;
          around = around.parentElement
        ) {
          if (around.contains(el)) break;
          const rect = around.getBoundingClientRect();
          if (rect.width > 0 && rect.height > 0 && around.checkVisibility({ visibilityProperty: true }))
            return { id, up };
          up++;
        }
      }
      return null;
    }),
  ).catch(() => null);
  if (!found) return undefined;
  return box.locator(`xpath=ancestor::*[last()]//*[@id=${JSON.stringify(found.id)}]/ancestor::*[${found.up}]`);
}

/** After an option was clicked: the select (or combobox) must now show it. */
async function confirmChosen(ctx: StepContext<StepOf<'fill'>>, box: Locator, value: ChosenValue): Promise<string> {
  const chosen = value.text.trim();
  const shows = await shownValue(box);
  if (!value.secret) ctx.observed.value = shows;
  if (!shows.toLowerCase().includes(chosen.toLowerCase())) {
    throw new StepFailure(
      'application',
      `${The('list', ctx.step.target)} did not take the option ${optionWords(value)}.`,
      'Check whether choosing this option works in the application, or change the value the step chooses.',
    );
  }
  return `${The('list', ctx.step.target)} shows the chosen option.`;
}

/** How long a combobox's list may take to show what matches the typed value. */
const TYPED_LIST_MS = 1000;
/** How long a combobox may stay closed after the typing before a person opens its list with the arrow key. */
const TYPED_OPENS_MS = 300;

/**
 * After typing into a combobox: when its list shows an option named by the value, click it; when
 * its options only hold the typed text ("Osl" for "Oslo"), the search stands for a later step to
 * choose from. When the list offers only other options, or nothing and the combobox, emptied and
 * opened, offers a list, the value is not one it takes: the step fails naming what it offers. A
 * combobox that offers no list at all takes free text (a search box), and the typed value stands.
 * A list that stays closed on the typed text (a library that opens it on a key, where the fill
 * typed none: Bits UI) is opened as a person opens it, with the arrow key, the text left as typed.
 */
async function chooseTyped(ctx: StepContext<StepOf<'fill'>>, box: Locator, value: ChosenValue): Promise<boolean> {
  const chosen = value.text.trim();
  let pressed = false;
  const openList: Reveal = async (missingForMs) => {
    if (pressed || missingForMs < TYPED_OPENS_MS) return;
    pressed = true;
    if ((await box.getAttribute('aria-expanded', { timeout: 500 }).catch(() => null)) === 'false')
      await box.press('ArrowDown', { timeout: remaining(ctx) });
  };
  const option = await findOption(ctx, box, value, {
    partial: false,
    timeoutMs: Math.min(remaining(ctx), TYPED_LIST_MS),
    reveal: openList,
  });
  if (option) {
    await option.click({ timeout: remaining(ctx) });
    return true;
  }
  const offered = await offeredOptions(ctx.page, box);
  // Options that hold the typed text: a search under way ("Osl" before clicking "Oslo"), not a refusal.
  if (offered.some((name) => asRead(chosen).test(name))) return false;
  if (offered.length === 0) {
    // Nothing listed for the typed value: what does the combobox offer when a person opens it empty?
    await box.fill('', { timeout: remaining(ctx) });
    await box.press('ArrowDown', { timeout: remaining(ctx) });
    await sleep(TYPED_LIST_MS / 4);
    if ((await offeredOptions(ctx.page, box)).length === 0) {
      await box.fill(value.text, { timeout: remaining(ctx) }); // free text: the value typed stands
      return false;
    }
  }
  throw await notOffered(ctx, box, value);
}

/**
 * The options a list shows now, for the reason of a value it does not offer: those drawn with
 * role=option, or the items drawn in the popup of `box`'s list when it draws none (drawnPopup).
 */
async function offeredOptions(page: Page, box: Locator): Promise<string[]> {
  return quietly(page, async () => {
    const names: string[] = [];
    for (const frame of page.frames()) {
      const found = await frame
        .getByRole('option')
        .filter({ visible: true })
        .evaluateAll(shownTexts)
        .catch(() => []);
      names.push(...found.filter(Boolean));
    }
    if (names.length === 0) {
      const popup = await drawnPopup(box);
      const items = await popup
        ?.evaluate((el) =>
          // The drawn elements that hold text of their own: the items a person reads.
          Array.from(el.querySelectorAll('*'))
            .filter((e) => Array.from(e.childNodes).some((n) => n.nodeType === 3 && /\S/.test(n.textContent ?? '')))
            .filter((e) => e.getBoundingClientRect().width > 0 && e.checkVisibility({ visibilityProperty: true }))
            .map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
        )
        .catch(() => []);
      names.push(...(items ?? []).filter(Boolean));
    }
    return [...new Set(names)];
  });
}

/** A list that does not offer the value: the options it shows now, and the list closed again, as a person leaves it. */
async function notOffered(ctx: StepContext<StepOf<'fill'>>, box: Locator, value: ChosenValue): Promise<StepFailure> {
  const offered = await offeredOptions(ctx.page, box).catch(() => []);
  await ctx.page.keyboard.press('Escape').catch(() => undefined);
  return notOfferedFailure(ctx.step.target, value, offered);
}

/** The application does not take a value its list does not offer: the reason names what it offers. */
function notOfferedFailure(target: string | undefined, value: ChosenValue, offered: string[]): StepFailure {
  const options = offered.filter(Boolean);
  const shown = options.slice(0, OPTIONS_NAMED).map((o) => `"${o}"`);
  return new StepFailure(
    'application',
    `${The('list', target)} offers no option ${optionWords(value)}${shown.length ? `; it offers ${shown.join(', ')}${options.length > OPTIONS_NAMED ? ', …' : ''}` : ''}.`,
    "Check the step's value against the options the list offers, or whether the application should offer it.",
  );
}

/** The value as a reason names it: quoted, or not at all when it is a secret. */
const optionWords = (value: ChosenValue) => (value.secret ? 'the given value' : `"${value.text.trim()}"`);

/** How many of a list's options a reason names. */
const OPTIONS_NAMED = 8;

/**
 * What a select shows: its own value or text, or, for one that keeps a bare focus target (Quasar's
 * read-only input) or draws its choices over a transparent one (Shoelace's multiple select keeps
 * "1 option selected" in an input a person never sees, under the chips), the text of the field
 * around it.
 */
function shownValue(box: Locator): Promise<string> {
  return quietly(box.page(), () =>
    box.evaluate((el) => {
      const drawn = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const own = ((el as HTMLInputElement).value || el.getAttribute('aria-valuetext') || el.textContent || '').trim();
      if (own && drawn) return own;
      // The nearest part of the field around it that shows something: a chip, the selected value.
      for (let around = el.parentElement, up = 0; around && up < 4; around = around.parentElement, up++) {
        const text = around.innerText.replace(/\s+/g, ' ').trim();
        if (text) return text;
      }
      return '';
    }),
  );
}

/**
 * A fill on a slider (`<input type=range>` or one drawn from divs with `role=slider`): focused and
 * moved with the arrow keys, as a person using the keyboard does, until it holds the value; a value
 * outside its bounds fails. Keys, not a value set by script: a library that keeps the value in its
 * own state (React) hears keys and ignores a script's assignment.
 */
async function slideByKeys(
  ctx: StepContext<StepOf<'fill'>>,
  slider: Locator,
  value: ChosenValue,
  attemptMs: number,
): Promise<string> {
  const target = ctx.step.target;
  const wanted = Number(value.text.trim());
  // Within the attempt's share of the step: a handle re-rendered away is found again by a recovery,
  // not waited for over Playwright's 30 s.
  const read = () =>
    quietly(ctx.page, () =>
      slider.evaluate(
        (el) => {
          // A native range input says its value and bounds itself; a slider of divs in ARIA attributes.
          const input = el as HTMLInputElement;
          const native = el.tagName === 'INPUT';
          return {
            now: Number(native ? input.value : el.getAttribute('aria-valuenow')),
            min: Number((native ? input.min : el.getAttribute('aria-valuemin')) || 0),
            max: Number((native ? input.max : el.getAttribute('aria-valuemax')) || 100),
          };
        },
        undefined,
        { timeout: Math.max(1, Math.min(attemptMs, remaining(ctx))) },
      ),
    );
  let at = await read();
  if (!Number.isFinite(wanted) || wanted < at.min || wanted > at.max) {
    throw new StepFailure(
      'test_definition',
      `${The('slider', target)} takes a number from ${at.min} to ${at.max}, not ${value.secret ? 'the given value' : `"${value.text}"`}.`,
      "Change the step's value to one the slider offers.",
    );
  }
  await slider.focus({ timeout: remaining(ctx) });
  // Each key moves one step: one press tells how far a step goes, then the rest are pressed at once;
  // a few more presses settle a slider whose steps are uneven. One whose steps skip the value stops beside it.
  for (let rounds = 0; at.now !== wanted && rounds < 4; rounds++) {
    const key = at.now < wanted ? 'ArrowRight' : 'ArrowLeft';
    await slider.press(key, { timeout: remaining(ctx) });
    const next = await read();
    const step = Math.abs(next.now - at.now);
    if (step === 0 || (key === 'ArrowRight') !== next.now <= wanted) break;
    at = next;
    const more = Math.min(Math.floor(Math.abs(wanted - at.now) / step), MAX_SLIDER_PRESSES);
    for (let i = 0; i < more; i++) await ctx.page.keyboard.press(key);
    at = await read();
  }
  if (!value.secret) ctx.observed.value = String(at.now);
  if (at.now !== wanted) {
    throw new StepFailure(
      'application',
      `${The('slider', target)} did not take the value ${value.secret ? 'given' : wanted}; it holds ${at.now}.`,
      'Check whether the slider allows this value (its step), or change the value the step sets.',
    );
  }
  return `${The('slider', target)} holds the entered value.`;
}

/** A bound on the arrow presses of one slider fill. */
const MAX_SLIDER_PRESSES = 500;

/**
 * A fill on a field of segments (a date or time as month, day and year spinbuttons: MUI X, React
 * Aria): the value's numbers are typed into the segments in the order the field shows them, as a
 * person types "12/24/2026" segment after segment. Each segment must then hold its number.
 */
async function typeSegments(ctx: StepContext<StepOf<'fill'>>, found: Locator, value: ChosenValue): Promise<string> {
  const target = ctx.step.target;
  const group = found.locator('xpath=ancestor-or-self::*[@role="group"][1]');
  const segments = group.getByRole('spinbutton');
  const count = await segments.count();
  const parts = value.text.trim().split(/\D+/).filter(Boolean);
  const what = value.secret ? 'the given value' : `"${value.text}"`;
  if (parts.length !== count) {
    throw new StepFailure(
      'test_definition',
      `${The('field', target)} has ${count} parts to type into; ${what} has ${parts.length}.`,
      'Write the value as the field shows it (e.g. 12/24/2026 for month, day and year).',
    );
  }
  // Drawn as dots while a secret is typed, as a text field is (no screenshot shows it in clear).
  if (value.secret)
    await segments.evaluateAll((els) =>
      els.forEach((el) => (el as HTMLElement).style.setProperty('-webkit-text-security', 'disc')),
    );
  for (const [i, part] of parts.entries()) {
    await segments.nth(i).click({ timeout: remaining(ctx) });
    await ctx.page.keyboard.type(part);
  }
  const held = await segments.evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.trim()));
  if (!value.secret) ctx.observed.value = held.join(' ');
  if (held.some((text, i) => Number(text.replace(/\D+/g, '')) !== Number(parts[i]) || !/\d/.test(text))) {
    throw new StepFailure(
      'application',
      `${The('field', target)} did not keep the value typed into it.`,
      'Check whether the field rejects or rewrites this input, or change the value the step types.',
    );
  }
  return `${The('field', target)} holds the entered value.`;
}

/**
 * The failure of a fill or click whose time ran out, in the words of the phase it was in: nothing to
 * act on appeared (the test's words do not match the page), or it appeared but would not take the
 * action. Anything else (a StepFailure, a closed page, another error) is left to the caller: undefined.
 */
async function timedOutIn(
  phase: 'locate' | 'act',
  err: unknown,
  ctx: StepContext,
  words: { locate: string; act: string; kind: 'control' | 'field' },
): Promise<StepFailure | undefined> {
  if (err instanceof StepFailure || isClosed(err) || !isTimeout(err)) return undefined;
  const within = `within ${seconds(ctx.stepTimeoutMs)}`;
  if (phase === 'act') return new StepFailure('timeout', `${words.act} ${within}.`, SUGGEST.timeout, err);
  if (ctx.step.target === undefined) {
    const verb = words.kind === 'field' ? 'type into' : 'press';
    return new StepFailure(
      'test_definition',
      `The step names no target, and no ${words.kind} had focus to ${verb} ${within}.`,
      SUGGEST.noTarget,
      err,
    );
  }
  // Not a dead end: the closest controls of that kind, and the target to try instead, if one is close.
  const target = ctx.step.target ?? '';
  const near = await nearby(ctx.page, words.kind, target).catch(() => undefined);
  const failure = new StepFailure(
    'test_definition',
    `${words.locate} ${within}${near ? `; ${near.words}` : ''}.`,
    near?.suggestion
      ? `If the ${words.kind} was renamed, change the step's target from "${target}" to "${near.suggestion}" (suggestedChange; apply it with test_case.update_steps). Otherwise check that the earlier steps lead to this page.`
      : SUGGEST.testDefinition,
    err,
  );
  if (near?.suggestion) failure.suggestedChange = { target: near.suggestion };
  return failure;
}

/** A fill on a list chooses the option whose label is the value, as a user picks it by what it says. */
async function choose(ctx: StepContext<StepOf<'fill'>>, field: Locator, value: ChosenValue): Promise<string> {
  const labels = await readElement(field, (el) => Array.from((el as HTMLSelectElement).options, (o) => o.label.trim()));
  if (!labels.includes(value.text.trim())) throw notOfferedFailure(ctx.step.target, value, labels);
  await field.selectOption({ label: value.text.trim() }, { timeout: remaining(ctx) });
  return readElement(field, (el) => (el as HTMLSelectElement).selectedOptions[0]?.label.trim() ?? '');
}

/**
 * Roles of fields a fill types into (inputs, text areas, editable regions that say so). Anything
 * else may be a <select> (combobox, listbox), whose fill chooses an option instead.
 */
const TYPED_ROLES = new Set(['textbox', 'searchbox', 'spinbutton']);

/**
 * What the fill needs to know of its field. Usually only its `type` attribute, read in Playwright's
 * utility world in one round trip: a read in the page's own world first adopts the element there
 * and compiles Playwright's injected script into that world, a dozen messages and a few ms of the
 * page's CPU for each field. The whole read (tag, labels, attributes) only when it decides more:
 * an agent value chosen from the field's words, or a role that does not say the field is typed into.
 */
async function readFieldFacts(field: Locator, role: string | undefined, forAgent: boolean): Promise<FieldFacts> {
  if (forAgent || role === undefined || !TYPED_ROLES.has(role)) {
    return readElement(field, (el) => {
      const input = el as HTMLInputElement;
      const labels = Array.from(input.labels ?? [], (label) => label.textContent ?? '');
      const attributes = ['name', 'id', 'placeholder', 'autocomplete', 'aria-label'].map(
        (a) => el.getAttribute(a) ?? '',
      );
      return {
        type: (el.tagName === 'INPUT' ? input.type : el.tagName).toLowerCase(),
        words: [...labels, ...attributes].join(' '),
      };
    });
  }
  const type = await quietly(field.page(), () => field.getAttribute('type', { timeout: 1000 }));
  return { type: type?.trim().toLowerCase() ?? '', words: '' };
}

/** What a field holds after a fill: its value, or the text of an editable element that has none. */
async function readHeld(field: Locator, timeoutMs: number): Promise<string> {
  return quietly(field.page(), async () => {
    try {
      return await field.inputValue({ timeout: timeoutMs });
    } catch (err) {
      // Thrown for an element that is neither input, textarea nor select: a contenteditable one.
      if (!/is not an <input>, <textarea> or <select>/.test(message(err))) throw err;
      return (await field.textContent({ timeout: timeoutMs })) ?? '';
    }
  });
}

/** The value to type. An Environment value is fetched only now, right before the fill, and redacted at once. */
async function chooseValue(ctx: StepContext<StepOf<'fill'>>, facts: FieldFacts): Promise<ChosenValue> {
  const spec = ctx.step.valueSpec;
  if (spec.kind === 'literal') return { text: spec.text, secret: false };
  if (spec.kind === 'agent') {
    return chooseAgentValue({ type: facts.type, words: [facts.words, ctx.step.target, spec.hint].join(' ') });
  }
  return environmentValue(ctx.resolveValue, spec.variable, ctx.redactor);
}

async function click(ctx: StepContext<StepOf<'click'>>): Promise<string> {
  const target = ctx.step.target;
  const theControl = target === undefined ? 'the focused control' : `"${target}"`;
  let phase: 'locate' | 'act' = 'locate';
  const watch = watchClick(ctx);
  const reveal = target === undefined ? undefined : revealFor(ctx, target, { items: true });
  let before: Awaited<ReturnType<typeof beforeClick>> | undefined;
  try {
    await withRecovery(ctx, async (timeout) => {
      phase = 'locate';
      // Without target the step presses the control that has focus, as a person presses Enter on it.
      const control =
        target === undefined
          ? await findFocused(ctx.page, timeout)
          : await findVisible(ctx.page, (scope) => controlCandidates(scope, target), timeout, reveal, target);
      phase = 'act';
      ctx.observed.found ??= (await describeElement(control, target)).text;
      void before?.control?.dispose().catch(() => undefined);
      before = await beforeClick(control);
      before.at = performance.now();
      const proxy = await visibleProxy(control);
      await clickUntilChosen(
        control,
        () => proxy.click({ timeout: remaining(ctx) }),
        () => remaining(ctx),
      );
    });
  } catch (err) {
    watch.stop();
    void before?.control?.dispose().catch(() => undefined);
    throw (
      (await timedOutIn(phase, err, ctx, {
        locate: `No control named "${target}" appeared`,
        act:
          target === undefined
            ? 'The focused control could not be clicked'
            : `The control "${target}" appeared but could not be clicked`,
        kind: 'control',
      })) ?? err
    );
  } finally {
    if (target === undefined) await unmarkFocused(ctx.page);
  }
  // The expectation may be checked while the click's effects arrive (a toast can be gone by the time they have).
  const clicked = before ?? { text: '', disabled: false, signs: 0 };
  ctx.settled = settleAfterClick(ctx, theControl, watch.seen, clicked).finally(() => {
    watch.stop();
    void clicked.control?.dispose().catch(() => undefined);
  });
  ctx.settled.catch(() => undefined);
  if (!ctx.observed.found) return `Clicked ${theControl}.`;
  return `Clicked ${target === undefined ? `the focused ${ctx.observed.found}` : ctx.observed.found}.`;
}

/**
 * What a person clicks for a checkbox, radio or switch whose input is hidden from sight (clipped
 * away, transparent or covered, the library drawing its own box beside the text: React Aria, Radix):
 * its label. Any other control is clicked itself.
 */
async function visibleProxy(control: Locator): Promise<Locator> {
  const label = await quietly(control.page(), () =>
    control.evaluate((el) => {
      if (el.tagName !== 'INPUT') return null;
      // Asked of the input's own tree: from the document, an input in a shadow root is hidden behind its host.
      const root = el.getRootNode() as Document | ShadowRoot;
      const box = el.getBoundingClientRect();
      const hit = root.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const seen = box.width >= 4 && box.height >= 4 && getComputedStyle(el).opacity !== '0';
      if (seen && hit !== null && (hit === el || el.contains(hit))) return null;
      if (el.closest('label')) return 'ancestor';
      return el.id && root.querySelector(`label[for="${CSS.escape(el.id)}"]`) ? el.id : null;
    }),
  ).catch(() => null);
  if (label === null) return control;
  if (label === 'ancestor') return control.locator('xpath=ancestor::label[1]');
  // From the top of the control's document: an XPath chained on a locator starting "//" is read below it.
  return control.locator(`xpath=ancestor::*[last()]//label[@for=${JSON.stringify(label)}]`).first();
}

type Expectation = NonNullable<WebStep['expect']>;

/** The authored expectation in words; without `expect`, the effect the action itself must have. */
export function expectationWords(step: WebStep): string {
  if (step.expect)
    return expectationParts(step.expect)
      .map((part) => part.words)
      .join(' and ');
  if (step.action === 'navigate') return `the page "${step.target ?? '/'}" loads`;
  if (step.action === 'fill') return `${the('field', step.target)} holds the entered value`;
  return `${the('control', step.target)} can be clicked`;
}

interface Part {
  words: string;
  check(ctx: StepContext, deadline: number): Promise<string | null>; // null when it holds, else what was seen
}

function expectationParts(expect: Expectation): Part[] {
  const parts: Part[] = [];
  if (expect.text) {
    const text = expect.text;
    parts.push({
      words: `the page shows "${text}"`,
      async check(ctx, deadline) {
        // Looked for from the moment the action is done, while its effects still arrive: a toast that
        // shows for a moment proves the text. It counts only if the step ends on the same document
        // (a text of the page a click navigated away from proves nothing).
        const refusal = refusalWatch(ctx);
        for (let poll = 0; ; poll++) {
          const page = ctx.page;
          const document = ctx.browsing.documents(page);
          if (await showsText(page, text)) {
            const seenAt = performance.now();
            const announced = await announcements(page);
            await ctx.settled;
            if (page !== ctx.page || document !== ctx.browsing.documents(page)) continue;
            return tookBack(ctx, text, seenAt, announced);
          }
          const said = poll % REFUSAL_POLLS === 0 ? await refusal.look(page) : refusal.said();
          if (said && refusal.standing()) return `the page did not show "${text}"; it said "${said}"`;
          if (Date.now() >= deadline) return `the page did not show "${text}"${said ? `; it said "${said}"` : ''}`;
          await sleep(POLL_MS);
        }
      },
    });
  }
  if (expect.urlIncludes)
    parts.push(
      contains('address', expect.urlIncludes, {
        read: async (ctx) => ctx.page.url(),
        unmet: (url, part) => `the address ${url} does not contain "${part}"`,
      }),
    );
  if (expect.titleIncludes)
    parts.push(
      contains('title', expect.titleIncludes, {
        read: (ctx) => quietly(ctx.page, () => ctx.page.title()),
        unmet: (title, part) => `the title "${title}" does not contain "${part}"`,
      }),
    );
  return parts;
}

/**
 * The expectation that something of the page (its address, its title) contains `part`: read until
 * it does or the deadline passes; when it never did, `unmet` says what was read last.
 */
function contains(
  what: string,
  part: string,
  { read, unmet }: { read: (ctx: StepContext) => Promise<string>; unmet: (seen: string, part: string) => string },
): Part {
  return {
    words: `the ${what} contains "${part}"`,
    async check(ctx, deadline) {
      await ctx.settled;
      const held = await pollUntil(async () => (await read(ctx)).includes(part), deadline);
      if (held) return null;
      return unmet(await read(ctx).catch(() => ''), part);
    },
  };
}

/**
 * Whether the page is still busy: a busy sign a person sees working (pageState), or a request of
 * this step that started less than SETTLE_CAP_MS ago. An older request with nothing on the page
 * saying so is a page that stays connected (a long poll), not a page still working. An expectation
 * unmet on a busy page was not disproven; the page just never finished.
 */
async function stillBusy(ctx: StepContext): Promise<boolean> {
  const young = performance.now() - SETTLE_CAP_MS;
  if (ctx.browsing.pending(Math.max(ctx.startedAt, young)).length > 0) return true;
  return quietly(ctx.page, async () => {
    for (const frame of ctx.page.frames()) {
      const state = await frame.evaluate(pageState, BUSY).catch(() => undefined);
      if (state && state.signs > 0) return true;
    }
    return false;
  });
}

/**
 * Proves or disproves the step's `expect`, waiting up to the step timeout for it to hold.
 * Returns the sentence that says it holds; throws an `application` failure when it does not, or a
 * `timeout` when the page was still busy (a spinner that never ends disproves nothing).
 */
export async function checkExpectation(ctx: StepContext, expect: Expectation): Promise<string> {
  const deadline = Date.now() + ctx.stepTimeoutMs;
  const parts = expectationParts(expect);
  const misses = (await Promise.all(parts.map((part) => part.check(ctx, deadline)))).filter((m) => m !== null);
  await ctx.settled;
  if (expect.text) ctx.observed.text = await visibleText(ctx.page);
  // A page that said the action failed has answered, even with a progress bar still moving.
  if (misses.length > 0 && !ctx.refusal && (await stillBusy(ctx))) {
    throw new StepFailure(
      'timeout',
      `The page was still loading after ${seconds(ctx.stepTimeoutMs)}, so the expectation could not be checked: ${misses.join('; ')}.`,
      SUGGEST.timeout,
    );
  }
  if (misses.length > 0) {
    throw new StepFailure(
      'application',
      `The expectation was not met within ${seconds(ctx.stepTimeoutMs)}: ${misses.join('; ')}.`,
      "Check whether the application regressed; if the new behaviour is intended, update the step's expectation.",
      undefined,
      'assertion',
    );
  }
  return capitalize(`${parts.map((part) => part.words).join(' and ')}.`);
}

/** How often (in polls of the expected text) the page's announcements are read again: every 200 ms. */
const REFUSAL_POLLS = 4;
/** How long a refusal stands, on a settled page without the expected text, before the step ends failed. */
const REFUSAL_STANDS_MS = 1000;

/**
 * Follows what the page announces after the action (an alert, a toast, an error beside a field) that
 * was not there before it. `standing()` once a click's effects have arrived and the newest such
 * words have stood for REFUSAL_STANDS_MS: a person reading "Wrong username or password" does not
 * wait out the step for the welcome that will not come.
 */
function refusalWatch(ctx: StepContext) {
  // Only after a click, whose effects are known to have arrived: a page still loading may show a
  // notice (a cookie banner) before the content a navigation expects.
  let settledAt: number | undefined;
  const settle = () => void (settledAt ??= Date.now());
  ctx.settled?.then(settle, settle);
  let words: string | undefined;
  let since = 0;
  return {
    async look(page: Page): Promise<string | undefined> {
      const before = ctx.announcedBefore ?? [];
      // Once a request of the step was refused, a polite status (a snack bar) says how it went too.
      const refused = ctx.refusals?.some((answer) => answer.at >= ctx.startedAt);
      const now = (await announcements(page, refused ? ANSWERS : ANNOUNCES).catch(() => []))
        .filter((w) => !before.includes(w))
        .at(-1);
      if (now && now !== words) since = Date.now();
      // A toast that faded still said it: the last words stay.
      if (now) ctx.refusal = words = now.slice(0, 200);
      return words;
    },
    said: () => words,
    standing: () =>
      words !== undefined && settledAt !== undefined && Date.now() - Math.max(since, settledAt) >= REFUSAL_STANDS_MS,
  };
}

/**
 * A text that appeared and vanished still counts (a toast that fades), unless the page took it back:
 * it is gone once the click's effects have arrived and, since it was seen, the page announced a
 * failure or one of its requests was refused (optimistic UI rolled back). Null when the text counts.
 */
async function tookBack(ctx: StepContext, text: string, seenAt: number, announced: string[]): Promise<string | null> {
  if (await showsText(ctx.page, text)) return null;
  const said = (await announcements(ctx.page)).find((words) => !announced.includes(words));
  if (said) return `the page showed "${text}", then took it back and said "${said.slice(0, 200)}"`;
  const refused = ctx.refusals?.find((answer) => answer.at >= seenAt);
  if (refused) return `the page showed "${text}", then took it back when a request answered HTTP ${refused.status}`;
  return null;
}

const TEXT_EXCERPT = 500;

async function visibleText(page: Page): Promise<string> {
  const text = await quietly(page, () => page.locator('body').innerText({ timeout: 1000 })).catch(() => '');
  return text.replace(/\s+/g, ' ').trim().slice(0, TEXT_EXCERPT);
}

async function pollUntil(check: () => Promise<boolean>, deadline: number): Promise<boolean> {
  for (;;) {
    try {
      if (await check()) return true;
    } catch (err) {
      if (isClosed(err)) throw err; // otherwise mid-navigation: look again
    }
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

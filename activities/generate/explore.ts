import type { Browser, Page } from 'playwright-core';
import type { EgressPolicy } from '../../core/egress';
import { newRunContext } from '../engines/web/browser';
import { Redactor } from '../engines/shared/redactor';
import { readSnapshot, type Control, type PageView } from './aria';
import { INTENTS, overlap, stems } from './words';

export interface ExploreOptions {
  browser: Browser;
  egress?: EgressPolicy;
  baseUrl: string;
  prompt: string;
  /** The Environment's variable names (never values). */
  variables: string[];
  /** Reads one Environment value right before it is typed, as a Run does; it is redacted at once. */
  resolveValue(name: string): Promise<string>;
  maxPages?: number;
  timeMs?: number;
  signal?: AbortSignal;
}

/** A sign-in form seen on a page, and what submitting it did. */
export interface SignInForm {
  path: string;
  user?: string;
  password: string;
  submit: string;
  /** The Environment variables that fill it; missing when the Environment has none. */
  userVariable?: string;
  passwordVariable?: string;
  /** Texts the page showed after a submit with the Environment's values / a wrong password. */
  afterSignIn?: PageView;
  /** Pages behind the sign-in that the prompt points to, reached by the link of that name. */
  behind?: Array<{ link: string; view: PageView }>;
  refusedTexts?: string[];
}

export interface Exploration {
  pages: PageView[];
  signIn?: SignInForm;
  /** The stated budget, and why exploring stopped. */
  budget: { maxPages: number; timeMs: number };
  stoppedBecause: 'explored' | 'page budget' | 'time budget' | 'unreachable';
  /** Why the entry page could not be read, when it could not. */
  unreachable?: string;
}

const SIGN_IN_PATHS = [
  '/login',
  '/signin',
  '/sign-in',
  '/account/login',
  '/accounts/login/',
  '/users/sign_in',
  '/admin/',
];
const PASSWORD = /pass(?:word|code|phrase)?|\bpin\b/i;
const USER = /e-?mail|user(?:name)?|login|account|phone/i;
const SUBMIT = /sign|log|continue|submit|enter|go\b/i;

/** The Environment's variable for a kind of field, by its name (PASSWORD, ADMIN_PASSWORD, USER_EMAIL…). */
export function variableFor(variables: string[], kind: 'password' | 'user'): string | undefined {
  const re = kind === 'password' ? /PASS|PWD|SECRET/i : /USER|EMAIL|LOGIN|ACCOUNT/i;
  return variables.find((v) => re.test(v) && (kind === 'password' || !/PASS|PWD/i.test(v)));
}

/**
 * Looks at the application before anything is written: opens the entry page (and the paths the
 * prompt names), reads each page's ARIA snapshot, follows the links whose names share words with
 * the prompt, and, when the prompt is about signing in, submits the sign-in form with the
 * Environment's values (and once with a wrong password when it asks for a refusal). Within
 * `maxPages` pages and `timeMs`, inside the runner's egress policy.
 */
export async function explore(o: ExploreOptions): Promise<Exploration> {
  const budget = { maxPages: o.maxPages ?? 8, timeMs: o.timeMs ?? 30_000 };
  const deadline = Date.now() + budget.timeMs;
  const words = stems(o.prompt);
  const redactor = new Redactor();
  const fresh = await newRunContext(o.browser, o.egress);
  const result: Exploration = { pages: [], budget, stoppedBecause: 'explored' };
  try {
    const entry = new URL(o.baseUrl).pathname;
    const queue = [entry, ...(o.prompt.match(/(?<=^|\s)\/[A-Za-z0-9._~\-/]*/g) ?? [])];
    // A sign-in page is often linked from nowhere public: its usual addresses are tried last.
    const later = INTENTS.signIn.test(o.prompt) ? [...SIGN_IN_PATHS] : [];
    let reached = false;
    const seen = new Set<string>();
    while (queue.length || later.length) {
      if (!queue.length) {
        if (result.pages.some((p) => p.controls.some((c) => c.role === 'textbox' && PASSWORD.test(c.name)))) break;
        queue.push(later.shift()!);
      }
      if (o.signal?.aborted) break;
      if (result.pages.length >= budget.maxPages) {
        result.stoppedBecause = 'page budget';
        break;
      }
      if (Date.now() > deadline) {
        result.stoppedBecause = 'time budget';
        break;
      }
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const view = await look(fresh.page, o.baseUrl, path, redactor).catch((e: Error) => e);
      if (view instanceof Error) {
        // An answer with an error status is an address that exists nowhere; no answer is unreachable.
        if (!/^HTTP \d+$/.test(view.message) && !reached && !result.unreachable)
          result.unreachable = `${new URL(path, o.baseUrl).href} could not be opened`;
        continue;
      }
      reached = true;
      result.pages.push(view);
      // Links the prompt points to are opened first; the others after them, while the budget lasts.
      const links = view.controls
        .filter((c): c is Control & { url: string } => c.role === 'link' && !!c.url)
        .map((c) => ({
          c,
          score: overlap(c.name, words) + (INTENTS.signIn.test(o.prompt) && INTENTS.signIn.test(c.name) ? 2 : 0),
        }))
        .sort((a, b) => b.score - a.score);
      const pointed: string[] = [];
      for (const { c, score } of links) {
        const target = new URL(c.url, new URL(path, o.baseUrl));
        if (target.origin !== new URL(o.baseUrl).origin || seen.has(target.pathname)) continue;
        if (score > 0) pointed.push(target.pathname);
        else queue.push(target.pathname);
      }
      queue.unshift(...pointed);
    }
    if (!reached && result.unreachable) {
      result.stoppedBecause = 'unreachable';
      return result;
    }
    delete result.unreachable;
    if (INTENTS.signIn.test(o.prompt)) result.signIn = await trySignIn(fresh.page, o, result.pages, redactor);
    return result;
  } finally {
    await fresh.context.close().catch(() => undefined);
  }
}

async function look(page: Page, baseUrl: string, path: string, redactor: Redactor): Promise<PageView> {
  const response = await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load', timeout: 10_000 });
  if (response && response.status() >= 400) throw new Error(`HTTP ${response.status()}`);
  return snapshot(page, redactor);
}

async function snapshot(page: Page, redactor: Redactor): Promise<PageView> {
  const aria = redactor.redact(await page.locator('body').ariaSnapshot({ timeout: 5_000 }));
  return readSnapshot(aria, new URL(page.url()).pathname, redactor.redact(await page.title()));
}

/** The sign-in form of the explored pages, submitted with the Environment's values and once with a wrong password. */
async function trySignIn(
  page: Page,
  o: ExploreOptions,
  pages: PageView[],
  redactor: Redactor,
): Promise<SignInForm | undefined> {
  const at = pages.find((p) => p.controls.some((c) => c.role === 'textbox' && PASSWORD.test(c.name)));
  if (!at) return undefined;
  const password = at.controls.find((c) => c.role === 'textbox' && PASSWORD.test(c.name))!.name;
  const user = at.controls.find((c) => c.role === 'textbox' && c.name !== password && USER.test(c.name))?.name;
  const submit =
    at.controls.find((c) => c.role === 'button' && SUBMIT.test(c.name))?.name ??
    at.controls.find((c) => c.role === 'button')?.name;
  if (!submit) return undefined;
  const form: SignInForm = {
    path: at.path,
    user,
    password,
    submit,
    userVariable: variableFor(o.variables, 'user'),
    passwordVariable: variableFor(o.variables, 'password'),
  };
  const submitWith = async (passwordValue: string) => {
    await page.goto(new URL(at.path, o.baseUrl).href, { waitUntil: 'load', timeout: 10_000 });
    if (user && form.userVariable) {
      const value = await o.resolveValue(form.userVariable);
      redactor.add(value);
      await page.getByRole('textbox', { name: user, exact: true }).fill(value, { timeout: 5_000 });
    }
    await page.getByRole('textbox', { name: password, exact: true }).fill(passwordValue, { timeout: 5_000 });
    await page.getByRole('button', { name: submit, exact: true }).click({ timeout: 5_000 });
    await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => undefined);
    return snapshot(page, redactor);
  };
  if (form.passwordVariable) {
    const value = await o.resolveValue(form.passwordVariable);
    redactor.add(value);
    form.afterSignIn = await submitWith(value).catch(() => undefined);
    const words = stems(o.prompt);
    // Only what the sign-in revealed: links the sign-in page showed too (navigation) are not behind it.
    const before = new Set(at.controls.map((c) => `${c.role} ${c.name}`));
    const links = (form.afterSignIn?.controls ?? []).filter(
      (c) => c.role === 'link' && !before.has(`link ${c.name}`) && overlap(c.name, words) > 0,
    );
    form.behind = [];
    for (const link of links.slice(0, 3)) {
      const ok = await page
        .getByRole('link', { name: link.name, exact: true })
        .first()
        .click({ timeout: 5_000 })
        .then(() => page.waitForLoadState('load', { timeout: 10_000 }))
        .then(() => snapshot(page, redactor))
        .catch(() => undefined);
      if (ok) form.behind.push({ link: link.name, view: ok });
      await page.goBack({ timeout: 10_000 }).catch(() => undefined);
    }
  }
  if (INTENTS.refusal.test(o.prompt)) {
    // Signed out first: a signed-in session may skip the sign-in page altogether.
    await page.context().clearCookies();
    const wrong = `wrong-${Math.random().toString(36).slice(2, 10)}`;
    redactor.add(wrong);
    const after = await submitWith(wrong).catch(() => undefined);
    if (after) form.refusedTexts = after.texts.filter((t) => !at.texts.includes(t) && !t.includes('[redacted]'));
  }
  return form;
}

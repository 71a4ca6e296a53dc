import type { ResourceStep } from '../../core/steps';
import { dedupe, fillFor } from './steps';
import { GenerationError, type GenerationInput, type Generator } from './types';

/** A path as people write it: `/login`, `/account/settings` (after a space, quote or bracket). */
const PATH = /(?<=^|[\s"'`(\[])\/(?:[A-Za-z0-9._~-]+\/?)*(?=$|[\s"'`)\],;:!?]|\.(?:\s|$))/g;
const VERB = /\b(fill(?:\s+(?:in|out))?|enter|type(?:\s+in)?|input|click(?:\s+on)?|press|tap|hit|submit)\b/gi;
const ARTICLES = /^(?:the|a|an|your|their|in|out|on|with)\s+/i;
const NOUN_SUFFIX = /\s+(?:field|fields|input|inputs|box|textbox|button|link|tab)$/i;

/** Text that can be a label or a button's name: short, no markup. */
const plausible = (s: string) => s.length > 0 && s.length <= 60 && s.split(/\s+/).length <= 6 && !/[<>{}=]/.test(s);

function clean(phrase: string): string {
  let s = phrase
    .trim()
    .replace(/^["'`“”‘’]+|["'`“”‘’]+$/g, '')
    .trim();
  for (let before = ''; before !== s;) {
    before = s;
    s = s
      .replace(ARTICLES, '')
      .replace(/^(?:and|or|then)\s+|[\s,]+(?:and|or|then)?$/i, '')
      .replace(NOUN_SUFFIX, '')
      .trim();
  }
  return s.replace(/^["'`“”‘’]+|["'`“”‘’]+$/g, '').trim();
}

/** The object of a verb: quoted names if there are any, else the words up to a connector or a path. */
function namesIn(object: string, list: boolean): string[] {
  const quoted = [...object.matchAll(/["“'‘`]([^"”'’`]{1,60})["”'’`]/g)].map((m) => m[1].trim());
  if (quoted.length) return list ? quoted : quoted.slice(0, 1);
  const head = object.split(/\s+(?:with|as|to|into|on|at|using|so|until|then|and then)\s+|\/|[.;:!?()]/i)[0];
  const parts = list ? head.split(/,|\band\b|&/i) : [head.split(/,/)[0]];
  return parts.map(clean).filter(plausible);
}

/**
 * Steps from a prompt, in the order the prompt mentions them: every path is a page to open,
 * "fill/enter/type X and Y" are fields, "click/press/tap/submit X" are buttons.
 */
export function stepsFromPrompt(prompt: string): ResourceStep[] {
  const events: Array<{ at: number; steps: ResourceStep[] }> = [];
  for (const m of prompt.matchAll(PATH))
    events.push({ at: m.index, steps: [{ action: 'navigate', target: m[0].replace(/[./]+$/, '') || '/' }] });
  const verbs = [...prompt.matchAll(VERB)];
  verbs.forEach((m, i) => {
    const end = Math.min(
      i + 1 < verbs.length ? verbs[i + 1].index : prompt.length,
      nextBreak(prompt, m.index + m[0].length),
    );
    const object = prompt.slice(m.index + m[0].length, end);
    const verb = m[1].toLowerCase();
    if (/^(fill|enter|type|input)/.test(verb)) {
      // "type the card number into the Card field": the field is what follows "into".
      const into = /\b(?:into|in)\s+(?=the\b|["“'‘`])(.+)$/i.exec(object)?.[1];
      events.push({ at: m.index, steps: namesIn(into ?? object, !into).map(fillFor) });
    } else {
      const [name] = namesIn(object, false);
      const target = name ?? (verb === 'submit' ? 'Submit' : undefined);
      if (target) events.push({ at: m.index, steps: [{ action: 'click', target }] });
    }
  });
  return dedupe(events.sort((a, b) => a.at - b.at).flatMap((e) => e.steps));
}

/** Where a verb's object ends at the latest: the end of its sentence or line. */
function nextBreak(text: string, from: number): number {
  const rest = text.slice(from);
  const stop = rest.search(/[;\n!?]|\.(?=\s|$)/);
  return stop < 0 ? text.length : from + stop;
}

/** A page's path from a changed file's name: `app/login/page.tsx` → `/login`, `pages/signup.vue` → `/signup`. */
export function routeOfFile(file: string): string | null {
  const m = /(?:^|\/)(?:app|pages|routes|views|templates|public)\/(.*)$/.exec(file);
  if (!m) return null;
  const parts = m[1]
    .replace(/\.[a-z0-9]+$/i, '')
    .split('/')
    .filter((p) => !/^(page|index|\+page|layout|route)$/i.test(p) && !/^\(.*\)$/.test(p) && !p.startsWith('_'));
  if (parts.some((p) => /[\[\]$:]/.test(p))) return null;
  return `/${parts.join('/')}`.toLowerCase();
}

const attr = (line: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"'{}]{1,60})["']`, 'i').exec(line)?.[1]?.trim();

/**
 * Steps from a unified git diff: the page its added lines define (a route string, else the
 * changed file's route), then its fields (labels, else aria-labels, placeholders or input names)
 * and its buttons, in the order the diff adds them.
 */
export function stepsFromDiff(diff: string): ResourceStep[] {
  const routes: string[] = [];
  const fileRoutes: string[] = [];
  const fields: string[] = [];
  const named: string[] = [];
  const buttons: string[] = [];
  for (const line of diff.split('\n')) {
    const file = /^\+\+\+ (?:b\/)?(.+)$/.exec(line)?.[1];
    if (file) {
      const route = routeOfFile(file.trim());
      if (route) fileRoutes.push(route);
      continue;
    }
    if (!line.startsWith('+')) continue;
    for (const m of line.matchAll(
      /(?:\b(?:path|href|to|action|route)\s*[=:]\s*|\.(?:get|post|route|page)\(\s*)["'`](\/[A-Za-z0-9._~\-/]*)["'`]/g,
    ))
      routes.push(m[1]);
    for (const m of line.matchAll(/<label\b[^>]*>\s*([^<{}]{1,60}?)\s*<\/label>/gi)) fields.push(m[1]);
    for (const m of line.matchAll(/<(?:input|textarea|select)\b[^>]*>/gi)) {
      const type = attr(m[0], 'type')?.toLowerCase();
      if (type === 'submit' || type === 'button') {
        const value = attr(m[0], 'value');
        if (value) buttons.push(value);
        continue;
      }
      if (type === 'hidden') continue;
      const label = attr(m[0], 'aria-label') ?? attr(m[0], 'placeholder');
      if (label) fields.push(label);
      else if (attr(m[0], 'name')) named.push(attr(m[0], 'name')!);
    }
    for (const m of line.matchAll(/<button\b[^>]*>\s*([^<{}]{1,60}?)\s*<\/button>/gi)) buttons.push(m[1]);
  }
  const page = routes[0] ?? fileRoutes[0];
  const unique = (list: string[]) =>
    list.filter((v, i) => plausible(v) && list.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i);
  const steps: ResourceStep[] = [
    ...(page ? [{ action: 'navigate' as const, target: page }] : []),
    ...unique(fields.length ? fields : named).map(fillFor),
    ...unique(buttons).map((target) => ({ action: 'click' as const, target })),
  ];
  return steps;
}

/**
 * The built-in generator, used when no provider is configured: deterministic, and honest about
 * inputs that show nothing to test (the plan then fails with that reason).
 */
export const embeddedGenerator: Generator = {
  async generate(input: GenerationInput): Promise<ResourceStep[]> {
    const steps = input.source === 'prompt' ? stepsFromPrompt(input.text) : stepsFromDiff(input.text);
    if (!steps.length) {
      throw new GenerationError(
        input.source === 'prompt'
          ? 'nothing to test was found: the prompt names no page (a path such as /login), field (fill …) or button (click …) to test, and no Environment was given to explore; give environmentSlug so the generator can look at the application, or write the steps in the prompt, e.g. "open /login, fill Email and Password, click Sign in"'
          : 'nothing to test was found: the diff adds no page, field or button to test (no route, label, input or button in its added lines); generate from a prompt instead',
      );
    }
    return steps.slice(0, 200);
  },
};

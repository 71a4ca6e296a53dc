import type { ResourceStep, Step } from '../../core/steps';
import type { PageView } from './aria';
import type { Exploration } from './explore';
import { INTENTS, overlap, stems } from './words';

/** One case the embedded writer proposes: runner steps (with the checks proof uses) and what a plan saves. */
export interface ProposedCase {
  title: string;
  steps: Step[];
  /** What the Environment or the application lacks for this case; a case with this is a draft. */
  missing?: string;
}

/** The first heading, else the first text, of a page that the page before did not show. */
function newText(after: PageView, before?: PageView): string | undefined {
  const fresh = (t: string) => !before?.texts.includes(t) && !t.includes('[redacted]') && t.length <= 120;
  return after.texts.find(fresh);
}

/** The clauses of a prompt: "sign in and see their orders, and that a wrong password is refused" → 2. */
function clauses(prompt: string): string[] {
  return prompt
    .split(/[.;!?\n]+|,\s*(?:and\s+)?(?:that\s+)?|\band\s+that\b|\bthen\b/i)
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * The embedded writer: the prompt's intents (sign in, a refusal, search, add, open, check a text)
 * matched to the fields, buttons, links and texts exploration saw, by the names they really
 * have. Secrets come from the Environment's variables, never values.
 */
export function writeCases(prompt: string, seen: Exploration): ProposedCase[] {
  const cases: ProposedCase[] = [];
  const form = seen.signIn;
  const signInSteps = (password: 'env' | 'agent'): Step[] => {
    if (!form) return [];
    return [
      { action: 'navigate', target: form.path },
      ...(form.user
        ? [
            {
              action: 'fill' as const,
              target: form.user,
              valueSpec: form.userVariable
                ? { kind: 'environment' as const, variable: form.userVariable }
                : { kind: 'agent' as const },
            },
          ]
        : []),
      {
        action: 'fill',
        target: form.password,
        valueSpec:
          password === 'env' && form.passwordVariable
            ? { kind: 'environment', variable: form.passwordVariable }
            : { kind: 'agent' },
      },
      { action: 'click', target: form.submit },
    ];
  };
  const signInPage = form && seen.pages.find((p) => p.path === form.path);
  const missingSignIn = !form
    ? `no page reachable from ${seen.pages[0]?.path ?? '/'} has a field for a password; name the sign-in page in the prompt (such as /login)`
    : !form.passwordVariable
      ? `the Environment has no variable for the password of "${form.password}"; add one (such as PASSWORD) to the Environment`
      : undefined;

  for (const clause of clauses(prompt)) {
    const words = stems(clause);
    if (
      INTENTS.signIn.test(clause) ||
      (INTENTS.refusal.test(clause) && form && /pass|credential|sign|log/i.test(clause))
    ) {
      if (INTENTS.refusal.test(clause)) {
        const steps = signInSteps('agent');
        const shown = form?.refusedTexts?.[0];
        if (shown) steps[steps.length - 1] = { ...steps[steps.length - 1], expect: { text: shown } } as Step;
        cases.push({
          title: 'A wrong password is refused',
          steps,
          ...(missingSignIn && !form
            ? { missing: missingSignIn }
            : !shown
              ? { missing: 'a wrong password showed no new text to check; name the message the application shows' }
              : {}),
        });
        continue;
      }
      const steps = signInSteps('env');
      const after = form?.afterSignIn && newText(form.afterSignIn, signInPage);
      if (after) steps[steps.length - 1] = { ...steps[steps.length - 1], expect: { text: after } } as Step;
      // "…and see their orders": the link behind the sign-in that the clause names.
      const behind = form?.behind?.find((b) => overlap(b.link, words) > 0);
      if (behind) {
        const text = newText(behind.view, form?.afterSignIn);
        steps.push({ action: 'click', target: behind.link, ...(text ? { expect: { text } } : {}) });
      }
      cases.push({
        title: behind ? `Sign in and open ${behind.link}` : 'Sign in',
        steps,
        ...(missingSignIn ? { missing: missingSignIn } : {}),
      });
      continue;
    }
    const found = findControl(seen.pages, words, clause);
    if (found) cases.push(found);
    else if (INTENTS.search.test(clause) || INTENTS.add.test(clause) || INTENTS.open.test(clause))
      cases.push({
        title: clause.slice(0, 100),
        steps: [],
        missing: `no page reachable from the entry page has a control named like "${clause.slice(0, 60)}"; name the page in the prompt`,
      });
  }
  return cases;
}

/** A search box, an add button, a link to open or a text to check, on the explored pages. */
function findControl(pages: PageView[], words: Set<string>, clause: string): ProposedCase | undefined {
  const best = <T>(items: T[], name: (t: T) => string) =>
    items
      .map((item) => ({ item, score: overlap(name(item), words) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)[0]?.item;
  if (INTENTS.search.test(clause)) {
    for (const page of pages) {
      const box = page.controls.find((c) => c.role === 'searchbox' || (c.role === 'textbox' && /search/i.test(c.name)));
      const button = page.controls.find((c) => c.role === 'button' && /search|find|go/i.test(c.name));
      if (!box) continue;
      const term =
        /\b(?:search(?:es|ing)?|find(?:s|ing)?|look(?:s|ing)?\s+(?:for|up))\s+(?:for\s+)?(?:an?\s+|the\s+)?([a-z0-9-]+)/i.exec(
          clause,
        )?.[1];
      return {
        title: `Search${term ? ` for ${term}` : ''}`,
        steps: [
          { action: 'navigate', target: page.path },
          { action: 'fill', target: box.name, valueSpec: term ? { kind: 'literal', text: term } : { kind: 'agent' } },
          ...(button ? [{ action: 'click' as const, target: button.name }] : []),
        ],
      };
    }
  }
  if (INTENTS.add.test(clause)) {
    const adds = pages.flatMap((page) =>
      page.controls.filter((c) => c.role === 'button' && /\badd\b/i.test(c.name)).map((c) => ({ page, c })),
    );
    const add = best(adds, (a) => a.c.name) ?? adds[0];
    if (add)
      return {
        title: add.c.name,
        steps: [
          { action: 'navigate', target: add.page.path },
          { action: 'click', target: add.c.name },
        ],
      };
  }
  const linkPages = pages.flatMap((page) =>
    page.controls.filter((c) => c.role === 'link' && c.url).map((c) => ({ page, c })),
  );
  const link = best(linkPages, (l) => l.c.name);
  if (link && INTENTS.open.test(clause)) {
    const target = pages.find((p) => p.path === new URL(link.c.url!, 'http://x' + link.page.path).pathname);
    const text = target && newText(target, link.page);
    return {
      title: `Open ${link.c.name}`,
      steps: [
        { action: 'navigate', target: link.page.path },
        { action: 'click', target: link.c.name, ...(text ? { expect: { text } } : {}) },
      ],
    };
  }
  const textPage = best(
    pages.flatMap((page) => page.texts.map((t) => ({ page, t }))),
    (x) => x.t,
  );
  if (textPage)
    return {
      title: `The page shows "${textPage.t.slice(0, 60)}"`,
      steps: [{ action: 'navigate', target: textPage.page.path, expect: { text: textPage.t } }],
    };
  return undefined;
}

/** A runner step as a plan's resource-style step (a check stays with the proof: plans have no expectations). */
export function toResourceStep(step: Step): ResourceStep {
  if (step.action === 'fill') {
    const spec = step.valueSpec;
    return {
      action: 'fill',
      target: step.target!,
      ...(spec.kind === 'environment'
        ? { value: `{{env.${spec.variable}}}` }
        : spec.kind === 'literal'
          ? { value: spec.text }
          : {}),
    };
  }
  if (step.action === 'navigate') return { action: 'navigate', ...(step.target ? { target: step.target } : {}) };
  return { action: 'click', target: (step as { target: string }).target };
}

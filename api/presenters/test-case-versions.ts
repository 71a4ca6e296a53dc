import { z } from 'zod';
import { step, type Step } from '../../core/steps';
import type { TestCaseRevision } from '../../db/repositories/test-case-revisions';

export const testCaseVersion = z.object({
  version: z.number().int().describe('1 for the case as created; one more for each saved change.'),
  name: z.string(),
  steps: z.array(step).describe('The steps as saved in this version.'),
  changedBy: z
    .object({
      kind: z.enum(['api_key', 'oauth']),
      subject: z.string().describe('The API key id, or the OpenID Connect subject of the person.'),
    })
    .optional()
    .describe('Who saved this version; omitted for a version saved before versions were kept.'),
  createdAt: z.number().describe('When this version was saved (epoch ms).'),
  changes: z
    .array(z.string())
    .describe('What this version changed from the one before it, in words ("step 3: target "Log in" → "Sign in"").'),
});

/** A step's value in words: never more than the name of an Environment value. */
function valueWords(s: Step): string {
  if (s.action !== 'fill') return '';
  const v = s.valueSpec;
  return v.kind === 'literal' ? `"${v.text}"` : v.kind === 'environment' ? `Environment value ${v.variable}` : 'agent';
}

const stepWords = (s: Step) => `${s.action}${s.target ? ` "${s.target}"` : ''}`;

/** What changed from one version's steps to the next, step by step at the same position. */
export function changesBetween(before: TestCaseRevision | undefined, after: TestCaseRevision): string[] {
  if (!before) return [`created with ${after.steps.length} step(s)`];
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name "${before.name}" → "${after.name}"`);
  const n = Math.max(before.steps.length, after.steps.length);
  for (let i = 0; i < n; i++) {
    const [a, b] = [before.steps[i], after.steps[i]];
    const at = `step ${i + 1}`;
    if (!a) changes.push(`${at} added: ${stepWords(b)}`);
    else if (!b) changes.push(`${at} removed: ${stepWords(a)}`);
    else if (JSON.stringify(a) !== JSON.stringify(b)) {
      if (a.action !== b.action) changes.push(`${at}: ${stepWords(a)} → ${stepWords(b)}`);
      else {
        if (a.target !== b.target) changes.push(`${at}: target "${a.target ?? ''}" → "${b.target ?? ''}"`);
        if (valueWords(a) !== valueWords(b)) changes.push(`${at}: value ${valueWords(a)} → ${valueWords(b)}`);
        if (
          JSON.stringify({ ...a, target: 0, valueSpec: 0 } as object) !==
          JSON.stringify({ ...b, target: 0, valueSpec: 0 })
        )
          changes.push(`${at}: expectation or settings changed`);
      }
    }
  }
  return changes.length ? changes : ['saved unchanged'];
}

/** The versions of a page, newest first; `older` is the version just below the page (for the last one's changes). */
export function versionViews(page: TestCaseRevision[], older: TestCaseRevision | undefined) {
  return page.map((r, i) => ({
    version: r.version,
    name: r.name,
    steps: r.steps,
    ...(r.changedBy ? { changedBy: r.changedBy } : {}),
    createdAt: r.createdAt,
    changes: changesBetween(page[i + 1] ?? older, r),
  }));
}

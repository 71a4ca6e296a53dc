import { z } from 'zod';
import { resourceStep, step } from '../../core/steps';
import { targets } from '../../core/runs';
import { testCaseSettings } from '../../core/case-settings';

/** Record and field schemas shared by the v1 operations. Inputs are strict; outputs document. */

/**
 * Not blank: at least one character that is not whitespace, written as a pattern so the OpenAPI
 * document says it (a client's regex engine must not count U+FEFF as text; JavaScript trims it).
 */
const notBlank = /[^\s\ufeff]/;
const name = z.string().trim().min(1).max(200).regex(notBlank, 'must not be blank');
export const recordName = name;
export const description = z.string().max(5000);
export const tags = z
  .array(z.string().trim().min(1).max(300).regex(notBlank, 'must not be blank'))
  .max(50)
  .describe(
    'Free labels; `covers:<glob>` (e.g. `covers:web/login/**`) selects the case for run.trigger scope "changed".',
  );
const ms = z.number().describe('Epoch milliseconds');

export const testCase = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  platforms: z.array(z.string()),
  tags: z.array(z.string()),
  steps: z.array(step),
  createdAt: ms,
  updatedAt: ms,
  settings: testCaseSettings.optional().describe("The case's own Run settings; absent when it has none."),
});

export const testCaseSummary = testCase.omit({ steps: true, settings: true }).extend({ stepCount: z.number().int() });

export const planMember = z.object({ testCaseId: z.string(), name: z.string(), position: z.number().int() });
export const testPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(planMember).describe('Ordered member Test Cases'),
  steps: z
    .array(resourceStep)
    .optional()
    .describe(
      'Inline resource-style steps (plans made with POST /api/plans or /api/generate), present when the plan has any; they run as one Run before the members.',
    ),
  status: z.string().optional().describe('Present for generated plans: generating, ready or failed.'),
  failFast: z
    .object({ afterFailures: z.number().int() })
    .optional()
    .describe('Its plan groups cancel their unfinished members once this many failed.'),
  createdAt: ms,
  updatedAt: ms,
});
export const testPlanSummary = testPlan.omit({ members: true }).extend({ memberCount: z.number().int() });

export const environment = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  targets,
  runtimeValueNames: z.array(z.string()).describe('Names of the stored runtime values; values are never returned.'),
  createdAt: ms,
  updatedAt: ms,
});

export const noteStatus = z.enum(['open', 'resolved']);
export const noteComment = z.object({ id: z.string(), noteId: z.string(), body: z.string(), createdAt: ms });
export const note = z.object({
  id: z.string(),
  environmentSlug: z.string(),
  title: z.string(),
  body: z.string().describe('Plain text; each newline starts a paragraph.'),
  paragraphs: z.array(z.string()),
  status: noteStatus,
  runIds: z.array(z.string()),
  comments: z.array(noteComment).describe('The activity thread, oldest first.'),
  createdAt: ms,
  updatedAt: ms,
});

/** Plain text: printable characters, tabs and newlines only. */
export const plainText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine(
      (t) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(t),
      'must be plain text (no control characters)',
    )
    .refine((t) => t.trim().length > 0, 'must not be blank')
    // The same rules for the document: no control characters, and at least one visible character.
    .meta({
      pattern:
        '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F\\uFEFF][^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$',
    });

/** One plan member of a `scope: "changed"` trigger: whether it runs, and why. */
export const memberSelection = z.object({
  testCaseId: z.string().optional().describe("Omitted for the plan's inline steps."),
  name: z.string(),
  selected: z.boolean(),
  reason: z.string().describe('e.g. "covers:web/** matched web/login.ts", or why it was not selected.'),
  matchedGlob: z.string().optional().describe('The covers: glob that matched a changed file.'),
});

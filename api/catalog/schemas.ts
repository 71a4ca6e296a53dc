import { z } from 'zod';

/** Record and field schemas shared by the v1 operations. Inputs are strict; outputs document. */

export const platform = z.enum(['web', 'api', 'ios', 'android']).describe('Target platform');
export const platforms = z.array(platform).min(1).max(4)
  .refine((list) => new Set(list).size === list.length, 'platforms must not repeat');

export const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'a runtime value name: letters, digits and _, not starting with a digit');

export const valueSpec = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('literal'), text: z.string().max(10_000) }),
  z.strictObject({
    kind: z.literal('agent'),
    hint: z.string().max(500).optional().describe('Optional hint of what kind of value to choose, e.g. "a new e-mail address".'),
  }),
  z.strictObject({
    kind: z.literal('environment'),
    variable: variableName.describe('Name of an Environment runtime value; substituted only when the fill is dispatched.'),
  }),
]).describe('Where a fill step gets its value: literal text, a value the agent chooses at run time, or an Environment runtime value.');

export const stepExpectation = z.strictObject({
  text: z.string().min(1).max(500).optional().describe('Text that must be visible on the page after the step.'),
  urlIncludes: z.string().min(1).max(2000).optional().describe('A substring the page URL must contain after the step.'),
  titleIncludes: z.string().min(1).max(500).optional().describe('A substring the page title must contain after the step.'),
}).describe('The authored postcondition of a step; proven or disproven by the runner.');

export const step = z.strictObject({
  action: z.enum(['navigate', 'fill', 'click']).describe('navigate: open a path; fill: type into a field; click: activate a control.'),
  target: z.string().min(1).max(2000).optional()
    .describe('A path for navigate (against the target baseUrl); a field label (or placeholder or name) for fill; a control\'s accessible name for click.'),
  valueSpec: valueSpec.optional(),
  expect: stepExpectation.optional(),
}).superRefine((s, ctx) => {
  if (s.action === 'fill' && !s.valueSpec) ctx.addIssue({ code: 'custom', path: ['valueSpec'], message: 'a fill step needs a valueSpec' });
  if (s.action !== 'fill' && s.valueSpec) ctx.addIssue({ code: 'custom', path: ['valueSpec'], message: `a ${s.action} step takes no valueSpec` });
  if (s.action !== 'navigate' && !s.target) ctx.addIssue({ code: 'custom', path: ['target'], message: `a ${s.action} step needs a target` });
});
export type Step = z.infer<typeof step>;

export const steps = z.array(step).min(1).max(200);

const name = z.string().trim().min(1).max(200);
export const recordName = name;
export const description = z.string().max(5000);
export const tags = z.array(z.string().trim().min(1).max(50)).max(50);
export const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[0-9a-z]{26}$`), `an id of the form ${prefix}_…`);
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
});

export const testCaseSummary = testCase.omit({ steps: true }).extend({ stepCount: z.number().int() });

export const planMember = z.object({ testCaseId: z.string(), name: z.string(), position: z.number().int() });
export const testPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(planMember).describe('Ordered member Test Cases'),
  steps: z.array(z.record(z.string(), z.unknown())).optional()
    .describe('Inline resource-style steps (plans made with POST /api/plans or /api/generate), present when the plan has any; they run as one Run before the members.'),
  status: z.string().optional().describe('Present for generated plans: generating, ready or failed.'),
  createdAt: ms,
  updatedAt: ms,
});
export const testPlanSummary = testPlan.omit({ members: true }).extend({ memberCount: z.number().int() });

export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'a slug: lowercase letters, digits and -, at most 100 characters');

export const environmentTargets = z.strictObject({
  web: z.strictObject({ baseUrl: z.url({ protocol: /^https?$/ }).max(2000).describe('Base address of the web deployment.') }).optional(),
  api: z.strictObject({ baseUrl: z.url({ protocol: /^https?$/ }).max(2000).optional() }).optional(),
  android: z.strictObject({
    storageId: z.string().max(200).optional().describe('An uploaded, scanned artifact.'),
    appId: z.string().max(300).optional(),
  }).optional(),
  ios: z.strictObject({
    storageId: z.string().max(200).optional().describe('An uploaded, scanned artifact.'),
    bundleId: z.string().max(300).optional(),
  }).optional(),
}).describe('Per-platform targets.');
export type EnvironmentTargets = z.infer<typeof environmentTargets>;

export const environment = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  targets: z.record(z.string(), z.unknown()),
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
export const plainText = (max: number) => z.string().min(1).max(max)
  .refine((t) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(t), 'must be plain text (no control characters)')
  .refine((t) => t.trim().length > 0, 'must not be blank');

import { z } from 'zod';
import { credentialReason } from './credentials';

/**
 * The step shapes every layer shares: the v1 Step the runner executes, and the resource-style
 * step of plans and flows. Each is a discriminated union on `action`, so JSON Schema, OpenAPI
 * and MCP show which fields an action takes.
 */

export const variableName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'a runtime value name: letters, digits and _, not starting with a digit');

export const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'a slug: lowercase letters, digits and -, at most 100 characters');

/** A required string whose absence is explained in words (zod's default names only the type). */
const requiredText = (max: number, missing: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : undefined) })
    .min(1)
    .max(max);

const valueSpecOf = (missing?: string) =>
  z
    .discriminatedUnion(
      'kind',
      [
        z.strictObject({ kind: z.literal('literal'), text: z.string().max(10_000) }),
        z.strictObject({
          kind: z.literal('agent'),
          hint: z
            .string()
            .max(500)
            .optional()
            .describe('Optional hint of what kind of value to choose, e.g. "a new e-mail address".'),
        }),
        z.strictObject({
          kind: z.literal('environment'),
          variable: variableName.describe(
            'Name of an Environment runtime value; substituted only when the fill is dispatched.',
          ),
        }),
      ],
      { error: (issue) => (issue.input === undefined ? missing : undefined) },
    )
    .describe(
      'Where a fill step gets its value: literal text, a value the agent chooses at run time, or an Environment runtime value.',
    );
export const valueSpec = valueSpecOf();
export type ValueSpec = z.infer<typeof valueSpec>;

export const stepExpectation = z
  .strictObject({
    text: z.string().min(1).max(500).optional().describe('Text that must be visible on the page after the step.'),
    urlIncludes: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .describe('A substring the page URL must contain after the step.'),
    titleIncludes: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe('A substring the page title must contain after the step.'),
  })
  .describe('The authored postcondition of a step; proven or disproven by the runner.');

const controlTarget = (action: string) =>
  requiredText(2000, `a ${action} step needs a target`).describe(
    action === 'fill'
      ? 'A field label (or placeholder or name).'
      : "A control's accessible name (button, link, checkbox label).",
  );

/** A v1 step: what Test Cases store and what the runner executes. */
export const step = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('navigate').describe('Open a path (against the target baseUrl).'),
      target: z.string().min(1).max(2000).optional().describe('A path, e.g. /login; the baseUrl itself when omitted.'),
      expect: stepExpectation.optional(),
    })
    .describe('navigate: open a path.'),
  z
    .strictObject({
      action: z.literal('fill').describe('Type into a field.'),
      target: controlTarget('fill'),
      valueSpec: valueSpecOf('a fill step needs a valueSpec'),
      expect: stepExpectation.optional(),
    })
    .describe('fill: type a value into a field.'),
  z
    .strictObject({
      action: z.literal('click').describe('Activate a control.'),
      target: controlTarget('click'),
      expect: stepExpectation.optional(),
    })
    .describe('click: activate a control.'),
]);
export type Step = z.infer<typeof step>;
export type StepAction = Step['action'];
/** The step of one action, e.g. `StepOf<'fill'>`. */
export type StepOf<A extends StepAction> = Extract<Step, { action: A }>;

export const steps = z.array(step).min(1).max(200);

/** Names of the Environment runtime values the steps reference, each once. */
export function referencedValues(list: readonly Step[]): string[] {
  const names = list.flatMap((s) =>
    s.action === 'fill' && s.valueSpec.kind === 'environment' ? [s.valueSpec.variable] : [],
  );
  return [...new Set(names)];
}

const text = (max: number) => z.string().min(1).max(max);

/** API assurance settings of a resource-style step. */
export const stepConfig = z
  .strictObject({
    authProfile: text(200).optional().describe("Name of one of the plan's apiAuthProfiles."),
    isolationProbe: z
      .strictObject({
        probeId: text(200).optional(),
        ownerStepIndex: z.number().int().min(0).optional(),
        ownerProfile: text(200).optional(),
        actorProfile: text(200).optional(),
        resourceVariable: text(100).optional(),
        expectedDeniedStatuses: z
          .array(z.number().int().min(100).max(599))
          .max(20)
          .optional()
          .describe('HTTP status codes'),
      })
      .optional(),
    crossChannel: z
      .strictObject({
        groupId: text(200).optional(),
        role: text(50).optional().describe('e.g. trigger'),
        channel: text(50).optional().describe('e.g. api'),
        required: z.boolean().optional(),
        correlationVariable: text(100).optional(),
      })
      .optional(),
  })
  .describe('API assurance settings; stored and returned, not used by the web runner.');

/** `{{env.NAME}}`: the whole value names an Environment runtime value. */
const envPlaceholder = /^\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]{0,99})\s*\}\}$/;

/** The runtime value a resource-style fill value names, or null for literal text. */
export function placeholderVariable(value: string): string | null {
  return envPlaceholder.exec(value)?.[1] ?? null;
}

const fillValue = z
  .string()
  .max(10_000)
  .describe('Literal text, or exactly {{env.NAME}} for an Environment runtime value; omit to let the agent choose.');

/**
 * A step of the resource-style endpoints. A fill's `value` is plain text or exactly
 * `{{env.NAME}}`; a fill without value lets the agent choose one. A `flow` step's target is the
 * slug of a saved flow, expanded into the flow's steps when Runs are queued.
 */
export const resourceStep = z
  .discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('navigate').describe('Open a path.'),
      target: z.string().trim().min(1).max(2000).optional().describe('A path, e.g. /login.'),
      config: stepConfig.optional(),
    }),
    z.strictObject({
      action: z.literal('fill').describe('Type into a field.'),
      target: controlTarget('fill'),
      value: fillValue.optional(),
      config: stepConfig.optional(),
    }),
    z.strictObject({
      action: z.literal('click').describe('Activate a control.'),
      target: controlTarget('click'),
      config: stepConfig.optional(),
    }),
    z.strictObject({
      action: z.literal('flow').describe('The steps of a saved flow.'),
      target: slug.describe('A flow slug (GET /api/flows/{slug}).'),
      config: stepConfig.optional(),
    }),
  ])
  .superRefine((s, ctx) => {
    if (s.action !== 'fill' || s.value === undefined) return;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (s.value.includes('{{') && !placeholderVariable(s.value)) issue('a value is plain text or exactly {{env.NAME}}');
    else if (!placeholderVariable(s.value)) {
      const reason = credentialReason(s.target, s.value);
      if (reason) issue(`a credential-shaped literal (${reason}); keep it in an Environment and write {{env.NAME}}`);
    }
  });
export type ResourceStep = z.infer<typeof resourceStep>;

export const resourceSteps = z.array(resourceStep).max(200);

/** One resource-style step as the runner's step (a `flow` step is expanded before this). */
export function toRunnerStep(s: Exclude<ResourceStep, { action: 'flow' }>): Step {
  switch (s.action) {
    case 'navigate':
      return { action: 'navigate', ...(s.target ? { target: s.target } : {}) };
    case 'click':
      return { action: 'click', target: s.target };
    case 'fill': {
      const variable = s.value === undefined ? null : placeholderVariable(s.value);
      const spec: ValueSpec =
        s.value === undefined
          ? { kind: 'agent' }
          : variable
            ? { kind: 'environment', variable }
            : { kind: 'literal', text: s.value };
      return { action: 'fill', target: s.target, valueSpec: spec };
    }
  }
}

const environmentSource = z.literal('environment').describe("Secrets come from the Environment's runtime values only.");

/** A named API identity of a plan; its secrets are runtime value names, never values. */
export const apiAuthProfile = z.strictObject({
  name: text(100),
  credentials: z
    .array(
      z.strictObject({
        kind: text(50).describe('e.g. bearer'),
        source: environmentSource,
        variable: variableName,
      }),
    )
    .max(10),
  principal: z.strictObject({ source: environmentSource, variable: variableName }).optional(),
});
export type ApiAuthProfile = z.infer<typeof apiAuthProfile>;

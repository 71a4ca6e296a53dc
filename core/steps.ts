import { z } from 'zod';
import { credentialReason } from './credential-shape';
import { ignoreRegions, visualSetting } from './visual';
import { accessibilitySetting } from './accessibility';

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

const text = (max: number) => z.string().min(1).max(max);

/** A JSON pointer (RFC 6901) into a response body, e.g. `/id` or `/items/0/id`. */
const jsonPointer = z
  .string()
  .max(500)
  .regex(/^(\/([^~/]|~[01])*)*$/, 'a JSON pointer such as /id or /items/0/id');

/** HTTP methods an API step may use. */
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** `METHOD /path`: the target of an API step; `{{name}}` and `{{env.NAME}}` may appear in the path. */
export const requestTarget = z
  .string()
  .max(2000)
  .regex(
    new RegExp(`^(${httpMethods.join('|')}) /\\S*$`),
    'METHOD /path, e.g. GET /orders/{{orderId}} (methods: ' + httpMethods.join(', ') + ')',
  );

/** Assurance settings of a step (API steps use all of them; a web step may observe a cross-channel value). */
export const stepConfig = z
  .strictObject({
    authProfile: text(200).optional().describe("Name of one of the plan's apiAuthProfiles."),
    expectStatus: z
      .array(z.number().int().min(100).max(599))
      .min(1)
      .max(20)
      .optional()
      .describe('API steps: the statuses that pass the step (default: any 2xx).'),
    capture: z
      .record(variableName, jsonPointer)
      .refine((c) => Object.keys(c).length <= 20, 'at most 20 captures')
      .optional()
      .describe('API steps: run variables to read from the response body, { "<variable>": "<JSON pointer>" }.'),
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
  .describe('Assurance settings: auth profile, expected statuses, captures, isolation probes, cross-channel groups.');
export type StepConfig = z.infer<typeof stepConfig>;

/**
 * The field or control of a fill or click. Optional, as the specification's Step table has it:
 * without one the step acts on the control that has focus (docs/runner.md).
 */
const controlTarget = (description: string) =>
  z.string().min(1).max(2000).optional().describe(`${description} Omit it to act on the control that has focus.`);

/** Run variables (`{{name}}`) and runtime values (`{{env.NAME}}`) inside an API step's path or body. */
const placeholderPattern = /\{\{\s*(env\.)?([A-Za-z_][A-Za-z0-9_]{0,99})\s*\}\}/g;

/** The placeholders of a text: run variables and Environment runtime value names. */
export function placeholdersIn(text: string): { variables: string[]; values: string[] } {
  const variables = new Set<string>();
  const values = new Set<string>();
  for (const m of text.matchAll(placeholderPattern)) (m[1] ? values : variables).add(m[2]);
  return { variables: [...variables], values: [...values] };
}

/** A JSON body with placeholders; checked as JSON with every placeholder standing for a value. */
const requestBody = z
  .string()
  .max(100_000)
  .refine((text) => {
    try {
      JSON.parse(text.replace(placeholderPattern, '0'));
      return true;
    } catch {
      return false;
    }
  }, 'the body must be JSON (placeholders such as {{orderId}} or "{{env.TOKEN}}" may stand for values)')
  .describe('An optional JSON body; {{name}} inserts a run variable and {{env.NAME}} a runtime value.');

/** A v1 step: what Test Cases store and what the runners execute. */
export const step = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('navigate').describe('Open a path (against the target baseUrl).'),
      target: z.string().min(1).max(2000).optional().describe('A path, e.g. /login; the baseUrl itself when omitted.'),
      expect: stepExpectation.optional(),
      config: stepConfig.optional(),
      ignore: ignoreRegions.optional(),
    })
    .describe('navigate: open a path.'),
  z
    .strictObject({
      action: z.literal('fill').describe('Type into a field.'),
      target: controlTarget('A field label (or placeholder or name).'),
      valueSpec: valueSpecOf('a fill step needs a valueSpec'),
      expect: stepExpectation.optional(),
      config: stepConfig.optional(),
      ignore: ignoreRegions.optional(),
    })
    .describe('fill: type a value into a field.'),
  z
    .strictObject({
      action: z.literal('click').describe('Activate a control.'),
      target: controlTarget("A control's accessible name (button, link, checkbox label)."),
      expect: stepExpectation.optional(),
      config: stepConfig.optional(),
      ignore: ignoreRegions.optional(),
    })
    .describe('click: activate a control.'),
  z
    .strictObject({
      action: z.literal('request').describe('Send an HTTP request to the API target.'),
      target: requestTarget,
      body: requestBody.optional(),
      config: stepConfig.optional(),
    })
    .describe("request: an API call, checked against the API's OpenAPI document (platform api)."),
]);
export type Step = z.infer<typeof step>;
export type StepAction = Step['action'];
/** The step of one action, e.g. `StepOf<'fill'>`. */
export type StepOf<A extends StepAction> = Extract<Step, { action: A }>;
/** A step the web runner executes (in a browser). */
export type WebStep = Exclude<Step, { action: 'request' }>;
/** A step the API runner executes. */
export type ApiStep = StepOf<'request'>;
export const isApiStep = (s: Step): s is ApiStep => s.action === 'request';

export const steps = z.array(step).min(1).max(200);

/** Names of the Environment runtime values the steps reference, each once. */
export function referencedValues(list: readonly Step[]): string[] {
  const names = list.flatMap((s) => {
    if (s.action === 'fill') return s.valueSpec.kind === 'environment' ? [s.valueSpec.variable] : [];
    if (s.action === 'request') return placeholdersIn(`${s.target} ${s.body ?? ''}`).values;
    return [];
  });
  return [...new Set(names)];
}

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
 * `{{env.NAME}}`; a fill without value lets the agent choose one. A request's `value` is its JSON
 * body. A `flow` step's target is the slug of a saved flow, expanded when Runs are queued.
 */
export const resourceStep = z
  .discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('navigate').describe('Open a path.'),
      target: z.string().trim().min(1).max(2000).optional().describe('A path, e.g. /login.'),
      config: stepConfig.optional(),
      ignore: ignoreRegions.optional(),
    }),
    z.strictObject({
      action: z.literal('fill').describe('Type into a field.'),
      target: controlTarget('A field label (or placeholder or name).'),
      value: fillValue.optional(),
      config: stepConfig.optional(),
      ignore: ignoreRegions.optional(),
    }),
    z.strictObject({
      action: z.literal('click').describe('Activate a control.'),
      target: controlTarget("A control's accessible name (button, link, checkbox label)."),
      config: stepConfig.optional(),
      ignore: ignoreRegions.optional(),
    }),
    z.strictObject({
      action: z.literal('request').describe('Send an HTTP request to the API target (platform api).'),
      target: requestTarget,
      value: requestBody.optional(),
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
  const config = s.config ? { config: s.config } : {};
  const ignore = 'ignore' in s && s.ignore ? { ignore: s.ignore } : {};
  switch (s.action) {
    case 'navigate':
      return { action: 'navigate', ...(s.target ? { target: s.target } : {}), ...config, ...ignore };
    case 'click':
      return { action: 'click', ...(s.target ? { target: s.target } : {}), ...config, ...ignore };
    case 'request':
      return { action: 'request', target: s.target, ...(s.value !== undefined ? { body: s.value } : {}), ...config };
    case 'fill': {
      const variable = s.value === undefined ? null : placeholderVariable(s.value);
      const spec: ValueSpec =
        s.value === undefined
          ? { kind: 'agent' }
          : variable
            ? { kind: 'environment', variable }
            : { kind: 'literal', text: s.value };
      return { action: 'fill', ...(s.target ? { target: s.target } : {}), valueSpec: spec, ...config, ...ignore };
    }
  }
}

/** Fuzz probes of API Runs: off, on with the default bound, or on with its own bound. */
export const fuzzSetting = z
  .union([z.boolean(), z.strictObject({ maxProbes: z.number().int().min(0).max(500) })])
  .describe('Fuzz probes of an API Run: false turns them off; { maxProbes } bounds them (default 50 per Run).');
export type FuzzSetting = z.infer<typeof fuzzSetting>;

/** Plan-wide settings of resource-style plans. */
/** Fail fast: a plan group cancels its unfinished members once this many have failed. */
export const failFastSetting = z
  .strictObject({
    afterFailures: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(1)
      .describe('Cancel the rest once this many members have failed (default 1: the first failure).'),
  })
  .describe('Stop the plan group early: members canceled by it end canceled (never failed), with the reason.');

export const planConfig = z
  .strictObject({
    fuzz: fuzzSetting.optional(),
    visual: visualSetting.optional(),
    accessibility: accessibilitySetting.optional(),
    failFast: failFastSetting.optional(),
    video: z
      .boolean()
      .optional()
      .describe(
        "Record a video of the plan's web Runs (up to each Run's first secret); a case's or trigger's video setting wins.",
      ),
  })
  .describe(
    'Plan-wide settings: fuzz (API Runs), visual (web Runs: screenshots compared with the baseline), accessibility (web Runs: axe-core on each page), failFast (its plan groups), video (web Runs).',
  );
export type PlanConfig = z.infer<typeof planConfig>;

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

import type { Answer } from '../../lib/contract';

/** A saved step, as the API's own schema types it. */
export type Step = Answer<'test_case.get'>['steps'][number];
export type Action = 'navigate' | 'fill' | 'click';
export type ValueKind = 'literal' | 'agent' | 'environment';

/** One step as the form holds it: every field a string, so a half-written step can be kept. */
export interface DraftStep {
  action: Action;
  target: string;
  valueKind: ValueKind;
  text: string;
  hint: string;
  variable: string;
  expectText: string;
  expectUrl: string;
  expectTitle: string;
  /** What the form does not edit (assurance config, ignored regions): kept as saved. */
  kept: Partial<Pick<Extract<Step, { action: 'click' }>, 'config' | 'ignore'>>;
}

export const emptyStep = (action: Action = 'navigate'): DraftStep => ({
  action,
  target: '',
  valueKind: 'literal',
  text: '',
  hint: '',
  variable: '',
  expectText: '',
  expectUrl: '',
  expectTitle: '',
  kept: {},
});

/** The step the API takes: empty fields are left out, so the API's rules (not the form's) decide. */
export function toStep(d: DraftStep): Step {
  const target = d.target.trim() ? { target: d.target.trim() } : {};
  const expect = {
    ...(d.expectText ? { text: d.expectText } : {}),
    ...(d.expectUrl ? { urlIncludes: d.expectUrl } : {}),
    ...(d.expectTitle ? { titleIncludes: d.expectTitle } : {}),
  };
  const expectation = { ...(Object.keys(expect).length ? { expect } : {}), ...d.kept };
  if (d.action !== 'fill') return { action: d.action, ...target, ...expectation };
  const valueSpec =
    d.valueKind === 'literal'
      ? { kind: 'literal' as const, text: d.text }
      : d.valueKind === 'agent'
        ? { kind: 'agent' as const, ...(d.hint ? { hint: d.hint } : {}) }
        : { kind: 'environment' as const, variable: d.variable };
  return { action: 'fill', ...target, valueSpec, ...expectation };
}

/** A saved step in the form. A request step (API platform) is not authored here. */
export function fromStep(s: Step): DraftStep {
  const d = emptyStep(s.action === 'request' ? 'navigate' : s.action);
  if (s.action === 'request') return d;
  d.target = s.target ?? '';
  d.expectText = s.expect?.text ?? '';
  d.expectUrl = s.expect?.urlIncludes ?? '';
  d.expectTitle = s.expect?.titleIncludes ?? '';
  d.kept = { ...(s.config ? { config: s.config } : {}), ...(s.ignore ? { ignore: s.ignore } : {}) };
  if (s.action === 'fill') {
    d.valueKind = s.valueSpec.kind;
    if (s.valueSpec.kind === 'literal') d.text = s.valueSpec.text;
    if (s.valueSpec.kind === 'agent') d.hint = s.valueSpec.hint ?? '';
    if (s.valueSpec.kind === 'environment') d.variable = s.valueSpec.variable;
  }
  return d;
}

/** The API's refusal, field by field: `steps.2.target` → the message shown beside that field. */
export type FieldErrors = Record<string, string>;

/** The form field an issue path of the API names (`steps.1.valueSpec.text` → `steps.1.value`). */
function fieldOf(path: string): string {
  const m = /^steps\.(\d+)\.(\w+)(?:\.(\w+))?/.exec(path);
  if (!m) return path;
  const [, i, field, sub] = m;
  if (field === 'valueSpec') return `steps.${i}.value`;
  if (field === 'expect') return `steps.${i}.expect${sub ? `.${sub}` : ''}`;
  return `steps.${i}.${field}`;
}

/** Field errors from an INVALID_ARGUMENT's details: zod issues, or the credential-shaped steps. */
export function fieldErrors(details: Record<string, unknown>, message: string): FieldErrors {
  const errors: FieldErrors = {};
  const issues = (details.issues ?? []) as Array<{ path: string; message: string }>;
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message;
  const credentials = (details.credentialSteps ?? []) as Array<{ stepIndex: number; reason: string }>;
  for (const c of credentials)
    errors[`steps.${c.stepIndex}.value`] =
      `looks like a credential (${c.reason}): keep it in an Environment and pick its name under "Environment value"`;
  if (!issues.length && !credentials.length) errors.form = message;
  return errors;
}

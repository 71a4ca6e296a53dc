import type { ComponentChildren } from 'preact';
import type { Action, DraftStep, FieldErrors, ValueKind } from './draft';

/** A labelled field with the API's refusal of it beneath, tied to it for screen readers. */
function Field(props: { id: string; label: string; error?: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.error && (
        <small id={`${props.id}-error`} class="error">
          {props.error}
        </small>
      )}
    </div>
  );
}

const TARGET_WORDS: Record<Action, string> = {
  navigate: 'Path (e.g. /login)',
  fill: 'Field label',
  click: 'Control name',
};

/**
 * One step of a draft: action, target, value (literal, agent, or an Environment value picked by
 * name: the console never sees a value) and expectation.
 */
export function StepFields(props: {
  index: number;
  count: number;
  step: DraftStep;
  errors: FieldErrors;
  /** Runtime value names of the chosen Environment. */
  variableNames: string[];
  change: (step: DraftStep) => void;
  remove: () => void;
  move: (by: -1 | 1) => void;
}) {
  const { index: i, step: s } = props;
  const id = (f: string) => `step-${i}-${f}`;
  const err = (f: string) => props.errors[`steps.${i}.${f}`];
  const set = (patch: Partial<DraftStep>) => props.change({ ...s, ...patch });
  const described = (f: string) => (err(f) ? { 'aria-describedby': `${id(f)}-error`, 'aria-invalid': true } : {});
  // A name the step refers to stays offered even if this Environment lacks it (the API says so on save).
  const names =
    s.variable && !props.variableNames.includes(s.variable)
      ? [s.variable, ...props.variableNames]
      : props.variableNames;
  return (
    <fieldset class="step">
      <legend>Step {i + 1}</legend>
      <div class="step-fields">
        <Field id={id('action')} label="Action" error={err('action')}>
          <select id={id('action')} value={s.action} onChange={(e) => set({ action: e.currentTarget.value as Action })}>
            <option value="navigate">navigate</option>
            <option value="fill">fill</option>
            <option value="click">click</option>
          </select>
        </Field>
        <Field id={id('target')} label={TARGET_WORDS[s.action]} error={err('target')}>
          <input
            id={id('target')}
            value={s.target}
            onInput={(e) => set({ target: e.currentTarget.value })}
            {...described('target')}
          />
        </Field>
        {s.action === 'fill' && (
          <>
            <Field id={id('kind')} label="Value from" error={undefined}>
              <select
                id={id('kind')}
                value={s.valueKind}
                onChange={(e) => set({ valueKind: e.currentTarget.value as ValueKind })}
              >
                <option value="literal">literal text</option>
                <option value="agent">the agent chooses</option>
                <option value="environment">Environment value</option>
              </select>
            </Field>
            {s.valueKind === 'literal' && (
              <Field id={id('value')} label="Text" error={err('value')}>
                <input
                  id={id('value')}
                  value={s.text}
                  onInput={(e) => set({ text: e.currentTarget.value })}
                  {...described('value')}
                />
              </Field>
            )}
            {s.valueKind === 'agent' && (
              <Field id={id('value')} label="Hint (optional)" error={err('value')}>
                <input
                  id={id('value')}
                  value={s.hint}
                  onInput={(e) => set({ hint: e.currentTarget.value })}
                  {...described('value')}
                />
              </Field>
            )}
            {s.valueKind === 'environment' && (
              <Field id={id('value')} label="Environment value name" error={err('value')}>
                <select
                  id={id('value')}
                  value={s.variable}
                  onChange={(e) => set({ variable: e.currentTarget.value })}
                  {...described('value')}
                >
                  <option value="">
                    {names.length ? 'Choose a name…' : 'Choose an Environment with values first'}
                  </option>
                  {names.map((n) => (
                    <option value={n}>{n}</option>
                  ))}
                </select>
              </Field>
            )}
          </>
        )}
        <Field id={id('expect-text')} label="Expect text (optional)" error={err('expect.text') ?? err('expect')}>
          <input
            id={id('expect-text')}
            value={s.expectText}
            onInput={(e) => set({ expectText: e.currentTarget.value })}
            {...described('expect.text')}
          />
        </Field>
        <Field id={id('expect-url')} label="Expect URL to include (optional)" error={err('expect.urlIncludes')}>
          <input id={id('expect-url')} value={s.expectUrl} onInput={(e) => set({ expectUrl: e.currentTarget.value })} />
        </Field>
      </div>
      <div class="step-tools">
        <button type="button" disabled={i === 0} onClick={() => props.move(-1)} aria-label={`Move step ${i + 1} up`}>
          ↑
        </button>
        <button
          type="button"
          disabled={i === props.count - 1}
          onClick={() => props.move(1)}
          aria-label={`Move step ${i + 1} down`}
        >
          ↓
        </button>
        <button type="button" disabled={props.count === 1} onClick={props.remove}>
          Remove step {i + 1}
        </button>
      </div>
    </fieldset>
  );
}

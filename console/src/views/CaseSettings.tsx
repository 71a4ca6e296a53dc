import { useState } from 'preact/hooks';
import { newKey } from '../lib/api';
import { route, type Answer } from '../lib/contract';
import { useCan } from '../lib/session';

type Choice = 'plan' | 'off' | 'report' | 'fail';

const said: Record<Choice, string> = {
  plan: "None of its own: the plan's setting applies (off when the case runs on its own).",
  off: 'Off: not checked, even by a plan that checks (a trigger may still ask).',
  report: 'Report: axe-core checks each page its web Runs visit; findings are evidence, never the verdict.',
  fail: 'Fail: also a new serious or critical finding fails the step that reached the page.',
};

/**
 * A Test Case's own accessibility check (issue 77 point 4). A trigger's option wins over it, and it
 * wins over the plan's setting; "Follow the plan" removes it.
 */
export function CaseSettings({ testCase, onSaved }: { testCase: Answer<'test_case.get'>; onSaved: () => void }) {
  const can = useCan();
  const current: Choice = testCase.settings?.accessibility?.mode ?? 'plan';
  const [choice, setChoice] = useState<Choice>(current);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      await route('test_cases.update_settings', 'PATCH', `/api/test-cases/${testCase.id}/settings`, {
        body: { accessibility: choice === 'plan' ? null : { mode: choice } },
        key: newKey(),
      });
      setOutcome({ ok: true, text: 'Saved.' });
      onSaved();
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
    }
  };
  return (
    <>
      <h2>Accessibility check</h2>
      <p data-testid="case-accessibility">{said[current]}</p>
      <form onSubmit={save} class="inline-form">
        <label>
          This case's check
          <select value={choice} onChange={(e) => setChoice(e.currentTarget.value as Choice)}>
            <option value="plan">Follow the plan</option>
            <option value="off">Off</option>
            <option value="report">Report</option>
            <option value="fail">Fail on new serious or critical</option>
          </select>
        </label>
        <button type="submit" disabled={!can('svc:test_cases:write')}>
          Save
        </button>
        {!can('svc:test_cases:write') && <small class="muted"> needs svc:test_cases:write</small>}
        <span role="status" class={outcome?.ok === false ? 'error' : 'muted'}>
          {outcome?.text ?? ''}
        </span>
      </form>
      <p>
        <small class="muted">A trigger's accessibility option (qa run --accessibility) wins over this setting.</small>
      </p>
    </>
  );
}

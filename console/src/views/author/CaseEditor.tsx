import { useEffect, useState } from 'preact/hooks';
import { ApiError, newKey } from '../../lib/api';
import { op } from '../../lib/contract';
import { Link, navigate } from '../../lib/router';
import { useCan } from '../../lib/session';
import { forPeople, Pending, useLoad } from '../../lib/ui';
import { emptyStep, fieldErrors, fromStep, toStep, type DraftStep, type FieldErrors } from './draft';
import { StepFields } from './StepFields';
import { TryPanel } from './TryPanel';
import { Versions } from './Versions';

/** The preview test_case.update_steps answers before it replaces steps: how many, from and to. */
interface Preview {
  from: number;
  to: number;
}

/**
 * Writes a Test Case step by step, tries the draft against an Environment, and saves it: a new case
 * with test_case.create, a saved one with test_case.update_steps after the confirmation it asks for
 * (each save a new version). The API's refusals are shown beside the fields they name.
 */
export function CaseEditor({ testCaseId }: { testCaseId?: string }) {
  const saved = useLoad(() => (testCaseId ? op('test_case.get', { testCaseId }) : Promise.resolve(null)), [testCaseId]);
  const environments = useLoad(() => op('environment.list', { limit: 100 }), []);
  const can = useCan()('svc:test_cases:write');
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<DraftStep[]>([emptyStep()]);
  const [slug, setSlug] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<Preview>();
  const [outcome, setOutcome] = useState<string>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!saved.value) return;
    setName(saved.value.name);
    setSteps(saved.value.steps.map(fromStep));
  }, [saved.value]);
  useEffect(() => {
    const first = environments.value?.items[0];
    if (first && !slug) setSlug(first.slug);
  }, [environments.value]);
  if (testCaseId && !saved.value) return <Pending loaded={saved} what="the Test Case" />;
  // The form writes web steps only: saving it would drop a case's API request steps.
  if (saved.value?.steps.some((s) => s.action === 'request'))
    return (
      <>
        <h1>{saved.value.name}</h1>
        <p>
          This case has API request steps, which this page does not write yet; change them with test_case.update_steps.{' '}
          <Link href={`/console/test-cases/${saved.value.id}`}>The case's health and Runs</Link>
        </p>
      </>
    );

  const variableNames = environments.value?.items.find((e) => e.slug === slug)?.runtimeValueNames ?? [];
  const change = (i: number, step: DraftStep) => setSteps(steps.map((s, j) => (j === i ? step : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setSteps(next);
  };
  const refused = (e: ApiError | undefined) => setErrors(e ? fieldErrors(e.details, forPeople(e.message)) : {});

  const save = async (confirm: boolean) => {
    setOutcome(undefined);
    try {
      if (!testCaseId) {
        const created = await op('test_case.create', {
          idempotencyKey: newKey(),
          name,
          platforms: ['web'],
          steps: steps.map(toStep),
        });
        setErrors({});
        navigate(`/console/author/${created.id}`);
        return;
      }
      await op('test_case.update_steps', { idempotencyKey: newKey(), testCaseId, steps: steps.map(toStep), confirm });
      setErrors({});
      setPreview(undefined);
      setOutcome('Saved as a new version');
      setRound((r) => r + 1);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const count = (e.details.wouldChange as { stepCount?: Preview } | undefined)?.stepCount;
      if (e.details.confirmRequired && count) return setPreview(count);
      refused(e);
    }
  };

  return (
    <>
      <h1>{testCaseId ? `Edit ${saved.value?.name}` : 'New Test Case'}</h1>
      {testCaseId && (
        <p>
          <Link href={`/console/test-cases/${testCaseId}`}>The case's health and Runs</Link>{' '}
          <small class="muted">{testCaseId}</small>
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <div class="field">
          <label for="case-name">Name</label>
          <input
            id="case-name"
            value={name}
            readOnly={!!testCaseId}
            onInput={(e) => setName(e.currentTarget.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'case-name-error' : undefined}
          />
          {errors.name && (
            <small id="case-name-error" class="error">
              {errors.name}
            </small>
          )}
        </div>
        <div class="field">
          <label for="case-environment">Environment (its value names, and where Try runs)</label>
          <select id="case-environment" value={slug} onChange={(e) => setSlug(e.currentTarget.value)}>
            {(environments.value?.items ?? []).map((e) => (
              <option value={e.slug}>
                {e.name} ({e.slug})
              </option>
            ))}
          </select>
        </div>
        {steps.map((s, i) => (
          <StepFields
            index={i}
            count={steps.length}
            step={s}
            errors={errors}
            variableNames={variableNames}
            change={(step) => change(i, step)}
            remove={() => setSteps(steps.filter((_, j) => j !== i))}
            move={(by) => move(i, by)}
          />
        ))}
        <p>
          <button type="button" onClick={() => setSteps([...steps, emptyStep(steps.length ? 'click' : 'navigate')])}>
            Add a step
          </button>
        </p>
        {(errors.form || errors.steps) && (
          <p role="alert" class="error">
            {errors.form ?? errors.steps}
          </p>
        )}
        <button type="submit" disabled={!can}>
          {testCaseId ? 'Save' : 'Create Test Case'}
        </button>
        {!can && <small class="muted"> needs svc:test_cases:write</small>}
        <span role="status" class="muted">
          {outcome ?? ''}
        </span>
        {preview && (
          <p role="alert">
            Saving replaces the {preview.from} saved step(s) with these {preview.to}.{' '}
            <button type="button" onClick={() => void save(true)}>
              Confirm and save
            </button>{' '}
            <button type="button" onClick={() => setPreview(undefined)}>
              Keep editing
            </button>
          </p>
        )}
      </form>
      <TryPanel
        steps={() => steps.map(toStep)}
        environmentSlug={slug}
        refused={refused}
        replaceTarget={(i, target) => change(i, { ...steps[i], target })}
      />
      {testCaseId && <Versions testCaseId={testCaseId} round={round} />}
    </>
  );
}

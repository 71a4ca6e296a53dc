import { useState } from 'preact/hooks';

/** A step's visual comparison as run.evidence gives it (signed media links). */
export interface Visual {
  changedRatio: number;
  before?: { url: string };
  after?: { url: string };
  diff?: { url: string };
}

type Mode = 'side' | 'overlay' | 'slide';
const MODES: Array<[Mode, string]> = [
  ['side', 'Side by side'],
  ['overlay', 'Overlay'],
  ['slide', 'Slide'],
];

/**
 * Before and after of one step: side by side with the diff, overlaid (after over before, its
 * opacity on a range input) or slid (after over before, cut at a range input's position). Drawn
 * with the page's own markup and CSS, from the evidence's own links.
 */
export function DiffView({ visual, step }: { visual: Visual; step: number }) {
  const [mode, setMode] = useState<Mode>('side');
  const [amount, setAmount] = useState(50);
  const pct = (visual.changedRatio * 100).toFixed(2);
  const both = visual.before && visual.after;
  return (
    <figure class="visual">
      <figcaption>
        Visual comparison of step {step}: {visual.changedRatio > 0 ? `${pct}% of the screen changed` : 'no change'}
      </figcaption>
      {both && (
        <fieldset class="diff-modes">
          <legend>Show</legend>
          {MODES.map(([value, label]) => (
            <label>
              <input type="radio" name={`diff-mode-${step}`} checked={mode === value} onChange={() => setMode(value)} />{' '}
              {label}
            </label>
          ))}
          {mode !== 'side' && (
            <label>
              {mode === 'overlay' ? 'Opacity of after' : 'Position of the cut'}
              <input
                type="range"
                min={0}
                max={100}
                value={amount}
                onInput={(e) => setAmount(Number((e.currentTarget as HTMLInputElement).value))}
              />
            </label>
          )}
        </fieldset>
      )}
      {mode === 'side' || !both ? (
        <div class="side-by-side">
          {(['before', 'after', 'diff'] as const).map((k) =>
            visual[k] ? (
              <div>
                <span>{k}</span>
                <img src={visual[k]!.url} alt={`Step ${step} ${k === 'diff' ? 'changed area' : k}`} loading="lazy" />
              </div>
            ) : null,
          )}
        </div>
      ) : (
        <div class="stacked" data-mode={mode}>
          <img src={visual.before!.url} alt={`Step ${step} before`} />
          <img
            src={visual.after!.url}
            alt={`Step ${step} after, ${mode === 'overlay' ? `at ${amount}% opacity` : `from ${amount}% across`}`}
            style={mode === 'overlay' ? { opacity: amount / 100 } : { clipPath: `inset(0 0 0 ${amount}%)` }}
          />
        </div>
      )}
    </figure>
  );
}

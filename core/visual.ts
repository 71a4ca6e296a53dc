import { z } from 'zod';
import { suggestion } from './suggestion';

/**
 * Visual changes: each web step's screenshot against the same step of a baseline Run (the Test
 * Case's last passing Run in the same Environment and viewport, or a Run whose screenshots were
 * accepted since). The shapes and the verdict rule every layer shares; the pixels are compared in
 * activities/engines/web/visual-diff.ts.
 */

/** Every web Run's viewport (activities/engines/web/browser.ts): baselines are per viewport. */
export const WEB_VIEWPORT = { width: 1280, height: 800 } as const;
export const viewportName = (v: { width: number; height: number } = WEB_VIEWPORT) => `${v.width}x${v.height}`;

/**
 * Changed pixels over all pixels above which a step counts as changed: 0.01 %, about 100 pixels of
 * a 1280×800 screenshot. A default-styled button moved by 40 px changes about 500 (its text and
 * border; its light grey on white is within the colour threshold), a blinking caret about 20, and
 * anti-aliasing none. Strict, as screenshot tools are by default; a plan raises it when it must.
 */
export const DEFAULT_VISUAL_THRESHOLD = 0.0001;

/**
 * Who accepted a Run's screenshots as its steps' look, and when: kept on the Run (a later
 * acceptance of another Run replaces the baseline, never this record).
 */
export const visualAcceptance = z.object({
  by: z.string().describe('Who accepted: the person (their OpenID Connect subject) or the API key id.'),
  credential: z.enum(['api_key', 'oauth']).describe('What they signed in with: an API key or OpenID Connect / OAuth.'),
  at: z.number().describe('When (epoch ms).'),
});
export type VisualAcceptance = z.infer<typeof visualAcceptance>;

export const visualModes = ['off', 'report', 'fail'] as const;
export type VisualMode = (typeof visualModes)[number];

export const visualSetting = z
  .strictObject({
    mode: z
      .enum(visualModes)
      .describe(
        'off: no comparison; report (the default): a change is recorded, never a verdict; fail: a change above the threshold fails that step.',
      ),
    threshold: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        `Changed-pixel ratio (0..1) above which a step counts as changed; default ${DEFAULT_VISUAL_THRESHOLD}.`,
      ),
  })
  .describe("Visual comparison of each web step's screenshot with the same step of the baseline Run.");
export type VisualSetting = z.infer<typeof visualSetting>;

/** What a Run snapshots when queued, so a plan edited later does not change a Run under way. */
export interface RunVisualSettings {
  mode: VisualMode;
  threshold: number;
}

export function runVisualSettings(setting: VisualSetting | undefined): RunVisualSettings {
  return { mode: setting?.mode ?? 'report', threshold: setting?.threshold ?? DEFAULT_VISUAL_THRESHOLD };
}

/** A rectangle of a step's screenshot left out of the comparison (a clock, an ad), in CSS pixels. */
export const ignoreRegion = z.strictObject({
  x: z.number().int().min(0).max(100_000),
  y: z.number().int().min(0).max(100_000),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
});
export const ignoreRegions = z
  .array(ignoreRegion)
  .max(20)
  .describe(
    "Regions of this step's screenshot (CSS pixels of the viewport) that the visual comparison ignores: clocks, ads.",
  );
export type IgnoreRegion = z.infer<typeof ignoreRegion>;

/** The step fact of one comparison (run_steps.visual, External Evidence's `visual`). */
export interface VisualFact {
  /** Changed pixels over all pixels, 0..1 (1 when the screenshot's size changed). */
  changedRatio: number;
  /** The Run's threshold, so the fact reads on its own. */
  threshold: number;
  /** changedRatio is above the threshold, or the size changed. */
  changed: boolean;
  /** The screenshot's size differs from the baseline's (a longer page): not compared pixel by pixel. */
  sizeChanged: boolean;
  /** The Run whose screenshot of the same step was the baseline. */
  baselineRunId: string;
  mode: Exclude<VisualMode, 'off'>;
}

export function visualFact(
  comparison: { changedRatio: number; sizeChanged: boolean },
  settings: RunVisualSettings & { mode: Exclude<VisualMode, 'off'> },
  baselineRunId: string,
): VisualFact {
  // Rounded to what a report shows: a ratio is read as a percentage with two decimals.
  const changedRatio = Math.round(comparison.changedRatio * 1e6) / 1e6;
  return {
    changedRatio,
    threshold: settings.threshold,
    changed: comparison.sizeChanged || comparison.changedRatio > settings.threshold,
    sizeChanged: comparison.sizeChanged,
    baselineRunId,
    mode: settings.mode,
  };
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;

/**
 * The customer-safe reason of a step that `fail` mode fails, or null when the fact does not fail
 * it (report mode never does). The step's own action and expectation held; only the picture moved.
 */
export function visualFailure(fact: VisualFact): string | null {
  if (fact.mode !== 'fail' || !fact.changed) return null;
  if (fact.sizeChanged)
    return `The screenshot changed size since the baseline (Run ${fact.baselineRunId}); the plan fails visual changes.`;
  return (
    `The screenshot changed: ${percent(fact.changedRatio)} of its pixels differ from the baseline ` +
    `(Run ${fact.baselineRunId}), above the plan's threshold of ${percent(fact.threshold)}.`
  );
}

export const VISUAL_SUGGESTION = suggestion(
  "Look at the before, after and diff images. Accept the change on the Run's page if it is intended.",
  'POST /api/runs/{runId}/visual/accept',
);

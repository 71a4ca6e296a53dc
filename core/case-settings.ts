import { z } from 'zod';
import { accessibilitySetting, type AccessibilitySetting } from './accessibility';

/**
 * A Test Case's own Run settings (issue 77 point 4). Each one sits between the trigger's option
 * and the plan's setting: a trigger's option wins over the case's, the case's over its plan's.
 */
export const testCaseSettings = z
  .strictObject({
    accessibility: accessibilitySetting
      .optional()
      .describe(
        "This case's accessibility check of its web Runs; a trigger's accessibility option wins over it, it wins over a plan's config.accessibility.",
      ),
    video: z
      .boolean()
      .optional()
      .describe(
        "Record a video of this case's web Runs (up to a Run's first secret); a trigger's video option wins over it, it wins over a plan's config.video.",
      ),
  })
  .describe("The case's own Run settings; a setting it does not have comes from the plan (or is off).");
export type TestCaseSettings = z.infer<typeof testCaseSettings>;

/** The accessibility setting a Run of a case gets: the trigger's, else the case's, else the plan's. */
export const accessibilityFor = (
  trigger: AccessibilitySetting | undefined,
  testCase: TestCaseSettings | null | undefined,
  plan: AccessibilitySetting | undefined,
): AccessibilitySetting | undefined => trigger ?? testCase?.accessibility ?? plan;

/** Whether a Run of a case records a video: the trigger's option, else the case's, else the plan's, else not. */
export const videoFor = (
  trigger: boolean | undefined,
  testCase: TestCaseSettings | null | undefined,
  plan: boolean | undefined,
): boolean => trigger ?? testCase?.video ?? plan ?? false;

/** What a case stores: null for no settings at all (its answers then carry no `settings`). */
export const stored = (settings: TestCaseSettings | undefined): TestCaseSettings | null =>
  settings && Object.values(settings).some((v) => v !== undefined) ? settings : null;

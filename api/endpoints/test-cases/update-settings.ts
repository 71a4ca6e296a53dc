import { z } from 'zod';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { accessibilitySetting } from '../../../core/accessibility';
import { stored, type TestCaseSettings } from '../../../core/case-settings';
import { defineEndpoint } from '../../pipeline/model';
import { testCase } from '../../schemas/catalog';
import { testCaseView } from '../../presenters/catalog';

export default defineEndpoint({
  name: 'test_cases.update_settings',
  bindings: { rest: { method: 'PATCH', path: '/api/test-cases/:testCaseId/settings' } },
  summary:
    "Change a Test Case's own Run settings (its accessibility check, its video); a field left out keeps its value.",
  description:
    "A trigger's accessibility (or video) option wins over the case's setting, and the case's over its plan's " +
    'config.accessibility (config.video). `null` removes a setting: the case follows its plan again (off on its own).',
  access: { scope: 'svc:test_cases:write' },
  idempotency: 'optional',
  params: z.object({ testCaseId: idOf('tc') }),
  body: z.strictObject({
    accessibility: accessibilitySetting
      .nullable()
      .optional()
      .describe("The case's accessibility check; null removes it (the plan's setting applies again)."),
    video: z
      .boolean()
      .nullable()
      .optional()
      .describe("Record a video of the case's web Runs; null removes the setting (the plan's applies again)."),
  }),
  output: testCase,
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    return db.transaction(async (tx) => {
      const row = await testCaseRepository.get(tx, principal.orgId, input.testCaseId, true);
      if (!row) throw notFound(`Test Case ${input.testCaseId}`);
      const next = stored(
        withField(withField(row.settings ?? {}, 'accessibility', input.accessibility), 'video', input.video),
      );
      const now = Date.now();
      await testCaseRepository.updateSettings(tx, principal.orgId, row.id, next, now);
      return testCaseView({ ...row, settings: next, updatedAt: now });
    });
  },
});

/** The settings with one field changed: undefined keeps it, null removes it. */
function withField<K extends keyof TestCaseSettings>(
  settings: TestCaseSettings,
  field: K,
  value: TestCaseSettings[K] | null | undefined,
): TestCaseSettings {
  if (value === undefined) return settings;
  const { [field]: _was, ...rest } = settings;
  return value === null ? rest : { ...rest, [field]: value };
}

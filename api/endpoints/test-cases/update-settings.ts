import { z } from 'zod';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { accessibilitySetting } from '../../../core/accessibility';
import { stored } from '../../../core/case-settings';
import { defineEndpoint } from '../../pipeline/model';
import { testCase } from '../../schemas/catalog';
import { testCaseView } from '../../presenters/catalog';

export default defineEndpoint({
  name: 'test_cases.update_settings',
  bindings: { rest: { method: 'PATCH', path: '/api/test-cases/:testCaseId/settings' } },
  summary: "Change a Test Case's own Run settings (its accessibility check); a field left out keeps its value.",
  description:
    "A trigger's accessibility option wins over the case's setting, and the case's over its plan's " +
    'config.accessibility. `accessibility: null` removes the setting: the case follows its plan again (off on its own).',
  access: { scope: 'svc:test_cases:write' },
  idempotency: 'optional',
  params: z.object({ testCaseId: idOf('tc') }),
  body: z.strictObject({
    accessibility: accessibilitySetting
      .nullable()
      .optional()
      .describe("The case's accessibility check; null removes it (the plan's setting applies again)."),
  }),
  output: testCase,
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    return db.transaction(async (tx) => {
      const row = await testCaseRepository.get(tx, principal.orgId, input.testCaseId, true);
      if (!row) throw notFound(`Test Case ${input.testCaseId}`);
      const current = row.settings ?? {};
      const { accessibility: _was, ...rest } = current;
      const next = stored(
        input.accessibility === undefined
          ? current
          : input.accessibility === null
            ? rest
            : { ...current, accessibility: input.accessibility },
      );
      const now = Date.now();
      await testCaseRepository.updateSettings(tx, principal.orgId, row.id, next, now);
      return testCaseView({ ...row, settings: next, updatedAt: now });
    });
  },
});

import { z } from 'zod';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { newId } from '../../../core/ids';
import { defineEndpoint } from '../../pipeline/model';
import { description, recordName, tags, testCase } from '../../schemas/catalog';
import { platforms } from '../../../core/runs';
import { slug, steps } from '../../../core/steps';
import { testCaseView } from '../../presenters/catalog';
import { guardCredentials } from './shared';
import { stored, testCaseSettings } from '../../../core/case-settings';
import { testCaseRevisions } from '../../../db/repositories/test-case-revisions';

export default defineEndpoint({
  name: 'test_case.create',
  bindings: { v1: true, mcp: true },
  summary: 'Create a Test Case from explicit steps.',
  description:
    'Create a Test Case from explicit steps. A literal value that looks like a credential is rejected ' +
    'unless relocateSecretsTo names an Environment: each such value is then stored as a runtime value of that ' +
    'Environment and the step refers to it by name (this also needs svc:environments:write).',
  access: { scope: 'svc:test_cases:write' },
  extraScopes: (input) => (input.relocateSecretsTo ? ['svc:environments:write'] : []),
  idempotency: 'required',
  confirm: 'never',
  body: {
    name: recordName,
    description: description.optional(),
    platforms,
    tags: tags.optional(),
    steps,
    settings: testCaseSettings.optional(),
    relocateSecretsTo: slug
      .optional()
      .describe('Slug of an Environment that receives credential-shaped literal values as runtime values.'),
  },
  output: testCase.extend({
    relocatedSecrets: z
      .array(z.object({ stepIndex: z.number(), environmentSlug: z.string(), variable: z.string() }))
      .optional(),
  }),
  async handler(input, ctx) {
    const { steps: finalSteps, relocated } = await guardCredentials(input.steps, input.relocateSecretsTo, ctx);
    const now = Date.now();
    const row = {
      id: newId('tc'),
      orgId: ctx.orgId,
      name: input.name,
      description: input.description ?? '',
      platforms: input.platforms,
      tags: input.tags ?? [],
      steps: finalSteps,
      settings: stored(input.settings),
      createdAt: now,
      updatedAt: now,
    };
    await testCaseRepository.insert(ctx.db, row);
    await testCaseRevisions.record(
      ctx.db,
      { orgId: ctx.orgId, testCaseId: row.id, name: row.name, steps: row.steps, at: now },
      ctx.principal,
    );
    return { ...testCaseView(row), ...(relocated.length ? { relocatedSecrets: relocated } : {}) };
  },
});

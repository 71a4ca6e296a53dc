import { z } from 'zod';
import { environmentRepository } from '../../../db/repositories/environments';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { findCredentialLiterals, variableNameFor } from '../../../core/credentials';
import { invalid, notFound } from '../../../core/errors';
import { newId } from '../../../core/ids';
import type { EndpointContext } from '../../pipeline/model';
import { defineEndpoint } from '../../pipeline/model';
import { description, recordName, tags, testCase } from '../../schemas/catalog';
import { platforms } from '../../../core/runs';
import { slug, steps, type Step, type StepOf } from '../../../core/steps';
import { testCaseView } from '../../presenters/catalog';

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
      createdAt: now,
      updatedAt: now,
    };
    await testCaseRepository.insert(ctx.db, row);
    return { ...testCaseView(row), ...(relocated.length ? { relocatedSecrets: relocated } : {}) };
  },
});

/**
 * Rejects credential-shaped literals, or moves them into the named Environment (sealed) and
 * rewrites their steps to refer to the runtime value by name.
 */
export async function guardCredentials(
  steps: Step[],
  relocateTo: string | undefined,
  { db, orgId, deps }: EndpointContext,
  /** Only test_case.create takes relocateSecretsTo; the advice names it only there. */
  canRelocate = true,
) {
  const findings = findCredentialLiterals(steps);
  if (!findings.length) return { steps, relocated: [] };
  if (!relocateTo) {
    const first = findings[0];
    throw invalid(
      `steps[${first.stepIndex}] holds a credential-shaped literal value (${first.reason}). ` +
        'Keep secrets in an Environment: refer to one with {"kind":"environment","variable":"NAME"}' +
        (canRelocate ? ', or pass relocateSecretsTo: "<environment slug>" to move the value there.' : '.'),
      {
        credentialSteps: findings.map((f) => ({ stepIndex: f.stepIndex, target: f.target, reason: f.reason })),
      },
    );
  }
  const environment = await environmentRepository.bySlug(db, orgId, relocateTo, true);
  if (!environment) throw notFound(`Environment ${relocateTo}`);
  const taken = new Set((await environmentRepository.valueNames(db, [environment.id])).get(environment.id));
  const now = Date.now();
  const rewritten = steps.map((s) => ({ ...s }));
  const relocated = [];
  for (const f of findings) {
    const variable = variableNameFor(f.target, taken);
    await environmentRepository.putValue(
      db,
      environment.id,
      variable,
      deps.secrets.sealValue(environment.id, variable, f.text),
      now,
    );
    rewritten[f.stepIndex] = {
      ...(rewritten[f.stepIndex] as StepOf<'fill'>),
      valueSpec: { kind: 'environment', variable },
    };
    relocated.push({ stepIndex: f.stepIndex, environmentSlug: relocateTo, variable });
  }
  await environmentRepository.update(db, environment.id, { updatedAt: now });
  return { steps: rewritten, relocated };
}

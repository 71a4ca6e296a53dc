import { environmentRepository } from '../../../db/repositories/environments';
import { findCredentialLiterals, variableNameFor } from '../../../core/credentials';
import { invalid, notFound } from '../../../core/errors';
import type { Step, StepOf } from '../../../core/steps';
import type { EndpointContext } from '../../pipeline/model';
import type { Principal } from '../../../core/scopes';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import type { quarantineCase } from '../../../domain/quarantine';
import type { AppDeps } from '../../pipeline/deps';
import { announceChange } from '../../temporal/starts';

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

/**
 * Quarantines or releases one of the caller's Test Cases by hand (`change` is `quarantineCase` or
 * `releaseCase`), NOT_FOUND for a case it does not have, and announces the change if there was one.
 * Answers the case's id.
 */
export async function changeByHand(
  { principal, deps }: { principal: Principal; deps: AppDeps },
  testCaseId: string,
  how: { change: typeof quarantineCase; reason: string },
): Promise<string> {
  const testCase = await testCaseRepository.get(deps.db.manager, principal.orgId, testCaseId);
  if (!testCase) throw notFound(`Test Case ${testCaseId}`);
  const change = await how.change(deps.db.manager, {
    orgId: principal.orgId,
    testCaseId: testCase.id,
    reason: how.reason,
    source: 'manual',
    byWhom: principal.subject,
  });
  if (change) await announceChange(deps, principal.orgId, change);
  return testCase.id;
}

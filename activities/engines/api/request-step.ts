import { EGRESS_ADVICE, EGRESS_REFUSED } from '../../../core/egress';
import { EgressRefused, unreachableWhy } from '../../../core/egress-fetch';
import type { ApiStep, Step } from '../../../core/steps';
import { skippedStep, type StepResult } from '../shared/result';
import type { ContractCheck } from './contract';
import { observeCrossChannel } from './cross-channel';
import { PlaceholderError, fillJson, fillPath, readPointer } from './placeholders';
import { observe, send, type Sent } from './send';
import type { SentRequest, SessionState } from './session-state';
import { templatePath } from './shapes';
import type { ApiObservation, ApiObserved } from './types';

/** Statuses that prove a denial when an isolation probe names none. */
const DEFAULT_DENIED = [401, 403, 404];

/** Why a step could not be carried out (it ends `failed` by its action, nothing proven). */
export interface NotCarriedOut {
  reason: string;
  diagnosis: NonNullable<StepResult['diagnosis']>;
  /** The operator's detail, for the runner's log only. */
  internalError?: string;
}

type Stage<T> = T | { notCarriedOut: NotCarriedOut };
const stopped = <T extends object>(stage: Stage<T>): stage is { notCarriedOut: NotCarriedOut } =>
  'notCarriedOut' in stage;

/** Who sends the step's request: its auth profile, or an isolation probe's actor replaying the owner's request. */
interface Sender {
  identity?: string;
  headers: Record<string, string>;
  probeOf?: NonNullable<ApiStep['config']>['isolationProbe'];
  owner?: SentRequest;
}

/** The request as it goes out, placeholders filled. */
interface Filled {
  method: string;
  rawPath: string;
  path: string;
  body?: string;
}

/** What the answer showed: the evidence facts, its observation, the contract check and a cross-channel miss. */
interface Checked {
  observed: ApiObserved;
  observation: ApiObservation;
  documented: boolean;
  contract?: ContractCheck;
  crossMiss: string | null;
}

/**
 * One request step, stage by stage: who sends it, fill its placeholders, send it, check the
 * answer (contract, captures, cross-channel), then decide (an isolation probe's denial, or the
 * expected status). A stage that cannot go on ends the step with its reason.
 */
export async function runRequestStep(s: SessionState, step: ApiStep, index: number): Promise<StepResult<ApiObserved>> {
  const started = performance.now();
  const failed = (why: NotCarriedOut) => notCarriedOut(step, index, started, why);
  const sender = whoSends(s, step);
  if (stopped(sender)) return failed(sender.notCarriedOut);
  const filled = await fillRequest(s, step, sender);
  if (stopped(filled)) return failed(filled.notCarriedOut);
  const sent = await sendRequest(s, index, filled, sender);
  if (stopped(sent)) return failed(sent.notCarriedOut);
  const checked = checkAnswer(s, step, index, { filled, sender, sent });
  const finish = verdictOf(step, index, started, checked.observed);
  return sender.probeOf
    ? isolationVerdict(s, { index, sender, sent, checked, finish })
    : statusVerdict(s, step, { index, sent, checked, finish });
}

function whoSends(s: SessionState, step: ApiStep): Stage<Sender> {
  const config = step.config ?? {};
  const probeOf = config.isolationProbe;
  const owner = probeOf?.ownerStepIndex !== undefined ? s.sentByStep.get(probeOf.ownerStepIndex) : undefined;
  if (probeOf && !owner) {
    return {
      notCarriedOut: {
        reason: `Not proven: the owner step ${probeOf.ownerStepIndex ?? '(none named)'} did not send a request to replay.`,
        diagnosis: {
          category: 'test_definition',
          suggestedAction: 'Point isolationProbe.ownerStepIndex at an earlier request step that runs.',
        },
      },
    };
  }
  const identity = probeOf ? probeOf.actorProfile : config.authProfile;
  const headers = identity ? s.o.identities.get(identity) : {};
  if (headers === undefined || typeof headers === 'string') {
    return {
      notCarriedOut: {
        reason: `Not run: the identity "${identity}" ${headers ?? "is not one of the plan's apiAuthProfiles"}.`,
        diagnosis: {
          category: 'environment',
          suggestedAction: "Define the profile in apiAuthProfiles and set its variables in the runner's environment.",
        },
      },
    };
  }
  return { identity, headers, probeOf, owner };
}

async function fillRequest(s: SessionState, step: ApiStep, { owner }: Sender): Promise<Stage<Filled>> {
  const [method, rawPath] = splitTarget(step.target);
  try {
    // An isolation probe replays the owner's request as another identity.
    const path = owner ? owner.path : await fillPath(rawPath, s.lookup);
    const body = owner ? owner.body : step.body !== undefined ? await fillJson(step.body, s.lookup) : undefined;
    return { method: owner ? (owner.op?.method ?? method) : method, rawPath, path, body };
  } catch (error) {
    const why = error instanceof PlaceholderError ? error.message : 'a placeholder could not be filled';
    return {
      notCarriedOut: {
        reason: `Not run: ${why}.`,
        diagnosis: {
          category: 'environment',
          suggestedAction: "Check that the Run's runtime values exist and earlier steps captured what this one uses.",
        },
      },
    };
  }
}

async function sendRequest(s: SessionState, index: number, filled: Filled, { headers }: Sender): Promise<Stage<Sent>> {
  try {
    return await send(s, { method: filled.method, path: filled.path, headers, body: filled.body });
  } catch (error) {
    if (error instanceof EgressRefused) {
      return {
        notCarriedOut: {
          reason: `Not sent: ${EGRESS_REFUSED}.`,
          diagnosis: { category: 'environment', suggestedAction: EGRESS_ADVICE },
          internalError: `egress refused: ${error.message}`,
        },
      };
    }
    const timedOut = (error as Error).name === 'TimeoutError';
    const request = `Step ${index + 1} (${filled.method} ${templatePath(filled.rawPath)})`;
    return {
      notCarriedOut: {
        reason: timedOut
          ? `${request} got no answer within ${s.o.timeoutMs} ms.`
          : `${request} got no answer: the API target could not be reached (${unreachableWhy(error)}).`,
        diagnosis: {
          category: timedOut ? 'timeout' : 'environment',
          suggestedAction: 'Check that the API target (targets.api.baseUrl) is up and reachable from the runner.',
        },
      },
    };
  }
}

/** Checks the answer against the document, keeps its observation, captures variables and cross-channel values. */
function checkAnswer(
  s: SessionState,
  step: ApiStep,
  index: number,
  { filled, sender, sent }: { filled: Filled; sender: Sender; sent: Sent },
): Checked {
  const { method, path, body } = filled;
  const config = step.config ?? {};
  const checked = !sender.probeOf && s.o.document ? s.o.document.find(method, path) : null;
  const contract = checked
    ? s.checker.check(checked, sent.status, sent.contentType, sent.body, sent.hasBody)
    : undefined;
  const { op, observation } = observe(s, { source: 'step', index, method, path, sent, contract: contract?.verdict });
  s.sentByStep.set(index, { op, status: sent.status, path, body, identity: sender.identity });
  for (const [name, pointer] of Object.entries(config.capture ?? {})) {
    const value = readPointer(sent.body, pointer);
    if (value !== undefined) s.variables.set(name, value);
  }
  const cross = config.crossChannel;
  if (cross?.groupId && cross.correlationVariable && cross.role === 'trigger') {
    s.crossChannel.set(cross.groupId, s.variables.get(cross.correlationVariable));
  }
  const crossMiss = observeCrossChannel(s, step, index, sent.text, observation.operationKey);
  const observed: ApiObserved = {
    method,
    pathShape: observation.pathShape,
    status: sent.status,
    contentType: observation.contentType,
    durationMs: observation.durationMs,
    ...(observation.fingerprint ? { fingerprint: observation.fingerprint } : {}),
    ...(sender.owner ? { ownerStatus: sender.owner.status } : {}),
    ...(sender.identity ? { identity: sender.identity } : {}),
  };
  return { observed, observation, documented: !!checked, contract, crossMiss };
}

type Finish = (status: 'passed' | 'failed', reason: string, expectation: string) => StepResult<ApiObserved>;

/** The step's result once its answer decided it. */
function verdictOf(step: ApiStep, index: number, started: number, observed: ApiObserved): Finish {
  return (status, reason, expectation) => ({
    index,
    action: step.action,
    target: step.target,
    status,
    reason,
    observed,
    expectation,
    verdictSource: 'assertion' as const,
    postconditionProven: status === 'passed',
    recoveryCount: 0,
    ...(status === 'failed'
      ? {
          diagnosis: {
            category: 'application' as const,
            suggestedAction: 'Fix the API (or its document), then run the plan again.',
          },
        }
      : {}),
    durationMs: performance.now() - started,
  });
}

/** An isolation probe passes when the actor is denied what the owner reached. */
function isolationVerdict(
  s: SessionState,
  {
    index,
    sender,
    sent,
    checked,
    finish,
  }: { index: number; sender: Sender; sent: Sent; checked: Checked; finish: Finish },
): StepResult<ApiObserved> {
  const { identity, owner, probeOf } = sender;
  const { operationKey } = checked.observation;
  const denied = probeOf!.expectedDeniedStatuses ?? DEFAULT_DENIED;
  const expectation = `"${identity}" is denied (${denied.join(' or ')}) on ${operationKey}`;
  if (denied.includes(sent.status))
    return finish(
      'passed',
      `Denied as expected: ${sent.status} for "${identity}" (the owner got ${owner!.status}).`,
      expectation,
    );
  s.findings.push({
    code: 'ISOLATION_FAILURE',
    severity: 'error',
    blocking: true,
    operationKey,
    message: `"${identity}" reached a resource of "${owner!.identity ?? 'its owner'}": ${operationKey} answered ${sent.status} to the actor (owner: ${owner!.status}), expected ${denied.join(' or ')}`,
    evidence: `steps/${index}`,
  });
  return finish(
    'failed',
    `Isolation failure: ${sent.status} for "${identity}" where ${denied.join(' or ')} was expected (the owner got ${owner!.status}).`,
    expectation,
  );
}

/** A request step passes on its expected status (2xx by default), a documented body and no required cross-channel miss. */
function statusVerdict(
  s: SessionState,
  step: ApiStep,
  { index, sent, checked, finish }: { index: number; sent: Sent; checked: Checked; finish: Finish },
): StepResult<ApiObserved> {
  const { contract, crossMiss } = checked;
  const { operationKey } = checked.observation;
  const expected = step.config?.expectStatus;
  const expectation = `${operationKey} answers ${expected ? expected.join(' or ') : '2xx'}${checked.documented ? ' with a body that matches its document' : ''}`;
  const problems: string[] = [];
  if (expected ? !expected.includes(sent.status) : sent.status < 200 || sent.status > 299) {
    problems.push(`answered ${sent.status}, expected ${expected ? expected.join(' or ') : '2xx'}`);
  }
  if (contract?.verdict === 'fail') {
    s.findings.push({
      code: contract.code!,
      severity: 'error',
      blocking: true,
      operationKey,
      message: contract.reason,
      evidence: `steps/${index}`,
    });
    problems.push(contract.reason);
  }
  if (crossMiss) problems.push(crossMiss);
  if (problems.length) return finish('failed', `${operationKey} ${problems.join('; ')}.`, expectation);
  return finish(
    'passed',
    `${operationKey} answered ${sent.status}${contract?.verdict === 'pass' ? ', as documented' : ''}.`,
    expectation,
  );
}

/** An API step that did not run. */
export const notRun = (
  step: Step,
  index: number,
  reason: string,
  diagnosis: NonNullable<StepResult['diagnosis']>,
): StepResult<ApiObserved> =>
  skippedStep(step, index, {
    reason,
    observed: { method: '', pathShape: '', status: 0, contentType: '', durationMs: 0 },
    expectation: '',
    diagnosis,
  });

/** A step whose request could not be carried out: failed by its action, nothing proven. */
function notCarriedOut(
  step: ApiStep,
  index: number,
  started: number,
  { reason, diagnosis, internalError }: NotCarriedOut,
): StepResult<ApiObserved> {
  return {
    ...notRun(step, index, reason, diagnosis),
    status: 'failed',
    verdictSource: 'action',
    durationMs: performance.now() - started,
    ...(internalError && { internalError }),
  };
}

function splitTarget(target: string): [string, string] {
  const space = target.indexOf(' ');
  return [target.slice(0, space), target.slice(space + 1)];
}

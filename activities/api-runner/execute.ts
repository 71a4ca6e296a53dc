import type { AssuranceFinding } from '../../core/assurance';
import { EGRESS_ADVICE, EGRESS_REFUSED } from '../../core/egress';
import { EgressRefused, readCapped, unreachableWhy, type egressFetch } from '../../core/egress-fetch';
import type { ApiStep, Step } from '../../core/steps';
import type { Redactor } from '../runner/redactor';
import type { StepResult } from '../runner/result';
import { ContractChecker, mediaTypeOf } from './contract';
import { fuzzProbes } from './fuzz';
import type { ApiDocument, DocumentedOperation } from './openapi';
import { PlaceholderError, fillJson, fillPath, readPointer, variablesIn, type Lookup } from './placeholders';
import { fingerprint, inferSchema, templatePath } from './shapes';
import type { ApiObservation, ApiObserved, ApiRunResult } from './types';

/** Statuses that prove a denial when an isolation probe names none. */
const DEFAULT_DENIED = [401, 403, 404];
/** Bodies larger than this are not read past it (the runner checks shapes, not archives). */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface ApiSessionOptions {
  baseUrl: string;
  document: ApiDocument | null;
  documentProblem?: string;
  /** Request headers of each auth profile, resolved from the runner host; a string explains why a profile cannot be used. */
  identities: Map<string, Record<string, string> | string>;
  resolveValue(name: string): Promise<string>;
  redactor: Redactor;
  maxFuzzProbes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** fetch under the runner's egress policy (core/egress-fetch.ts). */
  fetch: ReturnType<typeof egressFetch>;
}

export interface ApiRunOptions extends ApiSessionOptions {
  steps: readonly Step[];
  onStepStart?(index: number): Promise<void>;
  onStepDone?(result: StepResult<ApiObserved>): Promise<void>;
}

export interface ApiRunOutcome {
  steps: Array<StepResult<ApiObserved>>;
  result: ApiRunResult;
  outcome: 'passed' | 'failed' | 'unverified';
}

interface Sent {
  status: number;
  contentType: string;
  durationMs: number;
  body: unknown;
  hasBody: boolean;
  text: string;
}

/**
 * The API side of a Run: runs request steps one at a time with the Run's variables, identities
 * and document, and keeps the value-free observations and findings. Values (tokens, runtime
 * values, bodies) stay in this closure's memory: results carry status codes, path shapes and
 * fingerprints only. A web runner uses one for the API steps of a mixed Run.
 */
export function apiSession(o: ApiSessionOptions) {
  const checker = new ContractChecker();
  const variables = new Map<string, unknown>();
  const lookup: Lookup = {
    variable: (name) => variables.get(name),
    value: async (name) => {
      let value: string;
      try {
        value = await o.resolveValue(name);
      } catch {
        // The channel's own error names the API's internal address: never shown.
        throw new PlaceholderError(`the runtime value "${name}" could not be provided`);
      }
      o.redactor.add(value);
      return value;
    },
  };
  const observations: ApiObservation[] = [];
  const findings: AssuranceFinding[] = [];
  const sentByStep = new Map<
    number,
    { op: DocumentedOperation | null; status: number; path: string; body?: string; identity?: string }
  >();
  const crossChannel = new Map<string, unknown>();

  const send = async (method: string, path: string, headers: Record<string, string>, body?: string): Promise<Sent> => {
    const started = performance.now();
    const signals = [AbortSignal.timeout(o.timeoutMs), ...(o.signal ? [o.signal] : [])];
    const res = await o.fetch(new URL(path.replace(/^\//, ''), o.baseUrl.endsWith('/') ? o.baseUrl : `${o.baseUrl}/`), {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body,
      signal: AbortSignal.any(signals),
    });
    const text = await readCapped(res, MAX_BODY_BYTES);
    const contentType = res.headers.get('content-type') ?? '';
    let parsed: unknown;
    const json = /json/.test(mediaTypeOf(contentType)) && text.length > 0;
    if (json) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    return {
      status: res.status,
      contentType,
      durationMs: performance.now() - started,
      body: parsed,
      hasBody: text.length > 0,
      text,
    };
  };

  const observe = (
    source: ApiObservation['source'],
    index: number,
    method: string,
    path: string,
    sent: Sent,
    contract?: ApiObservation['contract'],
  ) => {
    const op = o.document?.find(method, path) ?? null;
    const pathShape = op ? op.template : templatePath(path);
    const observation: ApiObservation = {
      source,
      index,
      method,
      pathShape,
      operationKey: `${method} ${pathShape}`,
      documented: !!op,
      status: sent.status,
      contentType: mediaTypeOf(sent.contentType),
      durationMs: Math.round(sent.durationMs),
      ...(sent.body !== undefined ? { fingerprint: fingerprint(sent.body) } : {}),
      ...(!op && sent.body !== undefined ? { inferredSchema: inferSchema(sent.body) } : {}),
      ...(contract ? { contract } : {}),
    };
    observations.push(observation);
    return { op, observation };
  };

  const missingVariables = (step: ApiStep) =>
    variablesIn(`${step.target} ${step.body ?? ''}`).filter((v) => !variables.has(v));

  /**
   * A non-trigger member of a cross-channel group observed `text` (a response body, or a web
   * page's text): records a miss, and returns its reason when the group requires the value.
   */
  const observeCrossChannel = (step: Step, index: number, text: string, operationKey: string): string | null => {
    const cross = step.config?.crossChannel;
    if (!cross?.groupId || cross.role === 'trigger') return null;
    const expected = crossChannel.get(cross.groupId);
    if (expected !== undefined && text.includes(String(expected))) return null;
    const reason = `the value captured by the trigger of cross-channel group "${cross.groupId}" did not appear`;
    findings.push({
      code: 'CROSS_CHANNEL_MISSING',
      severity: cross.required ? 'error' : 'warning',
      blocking: !!cross.required,
      operationKey,
      message: `${reason} in ${operationKey}`,
      evidence: `steps/${index}`,
    });
    return cross.required ? reason : null;
  };

  return {
    missingVariables,
    /** Runs one API step; a step needing a variable no earlier step captured is skipped with a reason. */
    async step(step: ApiStep, index: number): Promise<StepResult<ApiObserved>> {
      const missing = missingVariables(step);
      if (missing.length) {
        return skipped(
          step,
          index,
          `Not run: it needs ${missing.map((v) => `{{${v}}}`).join(', ')}, which no earlier step captured.`,
          {
            category: 'test_definition',
            suggestedAction:
              'Capture the variable in an earlier step (config.capture) or fix the earlier step that should have.',
          },
        );
      }
      return o.redactor.redactDeep(await runStep(step, index));
    },
    observeCrossChannel,
    probe,
    hasBlockingFindings: () => findings.some((f) => f.blocking),
    result: (): ApiRunResult => ({
      documented: (o.document?.operations ?? []).map((op) => ({
        key: op.key,
        method: op.method,
        template: op.template,
      })),
      ...(o.documentProblem ? { documentProblem: o.documentProblem } : {}),
      observations,
      findings,
    }),
  };

  async function runStep(step: ApiStep, index: number): Promise<StepResult<ApiObserved>> {
    const started = performance.now();
    const config = step.config ?? {};
    const probeOf = config.isolationProbe;
    const owner = probeOf?.ownerStepIndex !== undefined ? sentByStep.get(probeOf.ownerStepIndex) : undefined;
    if (probeOf && !owner) {
      return failedStep(
        step,
        index,
        started,
        'unverified',
        `Not proven: the owner step ${probeOf.ownerStepIndex ?? '(none named)'} did not send a request to replay.`,
        {
          category: 'test_definition',
          suggestedAction: 'Point isolationProbe.ownerStepIndex at an earlier request step that runs.',
        },
      );
    }
    const identity = probeOf ? probeOf.actorProfile : config.authProfile;
    const headers = identity ? o.identities.get(identity) : {};
    if (headers === undefined || typeof headers === 'string') {
      return failedStep(
        step,
        index,
        started,
        'unverified',
        `Not run: the identity "${identity}" ${headers ?? "is not one of the plan's apiAuthProfiles"}.`,
        {
          category: 'environment',
          suggestedAction: "Define the profile in apiAuthProfiles and set its variables in the runner's environment.",
        },
      );
    }
    const [method, rawPath] = splitTarget(step.target);
    let path: string;
    let body: string | undefined;
    try {
      // An isolation probe replays the owner's request as another identity.
      path = owner ? owner.path : await fillPath(rawPath, lookup);
      body = owner ? owner.body : step.body !== undefined ? await fillJson(step.body, lookup) : undefined;
    } catch (error) {
      const why = error instanceof PlaceholderError ? error.message : 'a placeholder could not be filled';
      return failedStep(step, index, started, 'unverified', `Not run: ${why}.`, {
        category: 'environment',
        suggestedAction: "Check that the Run's runtime values exist and earlier steps captured what this one uses.",
      });
    }
    const sendMethod = owner ? (owner.op?.method ?? method) : method;
    let sent: Sent;
    try {
      sent = await send(sendMethod, path, headers, body);
    } catch (error) {
      if (error instanceof EgressRefused) {
        return failedStep(
          step,
          index,
          started,
          'unverified',
          `Not sent: ${EGRESS_REFUSED}.`,
          { category: 'environment', suggestedAction: EGRESS_ADVICE },
          `egress refused: ${error.message}`,
        );
      }
      const timedOut = (error as Error).name === 'TimeoutError';
      const request = `Step ${index + 1} (${sendMethod} ${templatePath(rawPath)})`;
      return failedStep(
        step,
        index,
        started,
        'unverified',
        timedOut
          ? `${request} got no answer within ${o.timeoutMs} ms.`
          : `${request} got no answer: the API target could not be reached (${unreachableWhy(error)}).`,
        {
          category: timedOut ? 'timeout' : 'environment',
          suggestedAction: 'Check that the API target (targets.api.baseUrl) is up and reachable from the runner.',
        },
      );
    }
    const checked = !probeOf && o.document ? o.document.find(sendMethod, path) : null;
    const contract = checked
      ? checker.check(checked, sent.status, sent.contentType, sent.body, sent.hasBody)
      : undefined;
    const { op, observation } = observe('step', index, sendMethod, path, sent, contract?.verdict);
    sentByStep.set(index, { op, status: sent.status, path, body, identity });
    for (const [name, pointer] of Object.entries(config.capture ?? {})) {
      const value = readPointer(sent.body, pointer);
      if (value !== undefined) variables.set(name, value);
    }
    const cross = config.crossChannel;
    if (cross?.groupId && cross.correlationVariable && cross.role === 'trigger') {
      crossChannel.set(cross.groupId, variables.get(cross.correlationVariable));
    }
    const crossMiss = observeCrossChannel(step, index, sent.text, observation.operationKey);
    const observed: ApiObserved = {
      method: sendMethod,
      pathShape: observation.pathShape,
      status: sent.status,
      contentType: observation.contentType,
      durationMs: observation.durationMs,
      ...(observation.fingerprint ? { fingerprint: observation.fingerprint } : {}),
      ...(owner ? { ownerStatus: owner.status } : {}),
      ...(identity ? { identity } : {}),
    };
    const evidence = `steps/${index}`;
    const finish = (status: 'passed' | 'failed', reason: string, expectation: string) => ({
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

    if (probeOf) {
      const denied = probeOf.expectedDeniedStatuses ?? DEFAULT_DENIED;
      const expectation = `"${identity}" is denied (${denied.join(' or ')}) on ${observation.operationKey}`;
      if (denied.includes(sent.status))
        return finish(
          'passed',
          `Denied as expected: ${sent.status} for "${identity}" (the owner got ${owner!.status}).`,
          expectation,
        );
      findings.push({
        code: 'ISOLATION_FAILURE',
        severity: 'error',
        blocking: true,
        operationKey: observation.operationKey,
        message: `"${identity}" reached a resource of "${owner!.identity ?? 'its owner'}": ${observation.operationKey} answered ${sent.status} to the actor (owner: ${owner!.status}), expected ${denied.join(' or ')}`,
        evidence,
      });
      return finish(
        'failed',
        `Isolation failure: ${sent.status} for "${identity}" where ${denied.join(' or ')} was expected (the owner got ${owner!.status}).`,
        expectation,
      );
    }

    const expected = config.expectStatus;
    const expectation = `${observation.operationKey} answers ${expected ? expected.join(' or ') : '2xx'}${checked ? ' with a body that matches its document' : ''}`;
    const problems: string[] = [];
    if (expected ? !expected.includes(sent.status) : sent.status < 200 || sent.status > 299) {
      problems.push(`answered ${sent.status}, expected ${expected ? expected.join(' or ') : '2xx'}`);
    }
    if (contract?.verdict === 'fail') {
      findings.push({
        code: contract.code!,
        severity: 'error',
        blocking: true,
        operationKey: observation.operationKey,
        message: contract.reason,
        evidence,
      });
      problems.push(contract.reason);
    }
    if (crossMiss) problems.push(crossMiss);
    if (problems.length) return finish('failed', `${observation.operationKey} ${problems.join('; ')}.`, expectation);
    return finish(
      'passed',
      `${observation.operationKey} answered ${sent.status}${contract?.verdict === 'pass' ? ', as documented' : ''}.`,
      expectation,
    );
  }

  /** Bounded schema-violating requests to each documented operation a step exercised with a JSON body. */
  async function probe() {
    let budget = o.maxFuzzProbes;
    const done = new Set<string>();
    for (const [, sent] of [...sentByStep.entries()].sort(([a], [b]) => a - b)) {
      if (budget <= 0 || !sent.op || done.has(sent.op.key) || sent.body === undefined || sent.status >= 300) continue;
      done.add(sent.op.key);
      let valid: unknown;
      try {
        valid = JSON.parse(sent.body);
      } catch {
        continue;
      }
      const headers = sent.identity ? o.identities.get(sent.identity) : {};
      if (!headers || typeof headers === 'string') continue;
      for (const p of fuzzProbes(sent.op, valid).slice(0, budget)) {
        budget -= 1;
        const number = observations.filter((x) => x.source === 'probe').length;
        let answer: Sent;
        try {
          answer = await send(sent.op.method, sent.path, headers, p.body);
        } catch {
          continue;
        }
        const { observation } = observe('probe', number, sent.op.method, sent.path, answer);
        if (answer.status >= 500 || (answer.status >= 200 && answer.status < 300)) {
          const server = answer.status >= 500;
          findings.push({
            code: server ? 'FUZZ_SERVER_ERROR' : 'FUZZ_ACCEPTED_INVALID',
            severity: 'error',
            blocking: true,
            operationKey: observation.operationKey,
            message: `${observation.operationKey} answered ${answer.status} to an invalid request (${p.description})${server ? '' : ' instead of refusing it'}`,
            evidence: `probes/${number}`,
          });
        }
      }
    }
  }
}

/**
 * Runs the API steps of an API Run in order. Unlike web steps they go on after a failed check,
 * since assurance wants the whole picture. Then bounded fuzz probes go to the documented
 * operations the steps exercised.
 */
export async function runApiSteps(o: ApiRunOptions): Promise<ApiRunOutcome> {
  const session = apiSession(o);
  const steps: Array<StepResult<ApiObserved>> = [];
  for (const [index, step] of o.steps.entries()) {
    if (o.signal?.aborted) {
      steps.push(
        skipped(step, index, 'Not run: the Run was canceled.', {
          category: 'canceled',
          suggestedAction: 'Trigger the Run again when needed.',
        }),
      );
      continue;
    }
    if (step.action !== 'request') {
      steps.push(
        skipped(step, index, 'Not run: web steps need a Run whose platforms include web.', {
          category: 'test_definition',
          suggestedAction: 'Add "web" to the platforms of the plan or Test Case.',
        }),
      );
      continue;
    }
    if (session.missingVariables(step).length) {
      steps.push(await session.step(step, index));
      continue;
    }
    await o.onStepStart?.(index);
    const result = await session.step(step, index);
    steps.push(result);
    await o.onStepDone?.(result);
  }
  await session.probe();
  const demonstrated = steps.some((s) => s.status === 'failed' && s.diagnosis?.category === 'application');
  const outcome =
    session.hasBlockingFindings() || demonstrated
      ? 'failed'
      : steps.length && steps.every((s) => s.status === 'passed')
        ? 'passed'
        : 'unverified';
  return { steps, outcome, result: session.result() };
}

function splitTarget(target: string): [string, string] {
  const space = target.indexOf(' ');
  return [target.slice(0, space), target.slice(space + 1)];
}

function skipped(
  step: Step,
  index: number,
  reason: string,
  diagnosis: NonNullable<StepResult['diagnosis']>,
): StepResult<ApiObserved> {
  return {
    index,
    action: step.action,
    ...(step.target !== undefined ? { target: step.target } : {}),
    status: 'skipped',
    reason,
    observed: { method: '', pathShape: '', status: 0, contentType: '', durationMs: 0 },
    expectation: '',
    verdictSource: 'none',
    postconditionProven: false,
    recoveryCount: 0,
    diagnosis,
    durationMs: 0,
  };
}

function failedStep(
  step: ApiStep,
  index: number,
  started: number,
  _kind: 'unverified',
  reason: string,
  diagnosis: NonNullable<StepResult['diagnosis']>,
  internalError?: string,
): StepResult<ApiObserved> {
  return {
    ...skipped(step, index, reason, diagnosis),
    status: 'failed',
    verdictSource: 'action',
    durationMs: performance.now() - started,
    ...(internalError && { internalError }),
  };
}

export type ApiSession = ReturnType<typeof apiSession>;

import { fuzzProbes } from './fuzz';
import { observe, send, type Sent } from './send';
import type { SessionState } from './session-state';

/** Bounded schema-violating requests to each documented operation a step exercised with a JSON body. */
export async function probe(s: SessionState): Promise<void> {
  const { o, observations, findings, sentByStep } = s;
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
        answer = await send(s, { method: sent.op.method, path: sent.path, headers, body: p.body });
      } catch {
        continue;
      }
      const { observation } = observe(s, {
        source: 'probe',
        index: number,
        method: sent.op.method,
        path: sent.path,
        sent: answer,
      });
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

import type { ApiAuthProfile } from '../../../core/steps';
import { EGRESS_REFUSED, runnerEgress } from '../../../core/egress';
import { EgressRefused, egressFetch, unreachableWhy } from '../../../core/egress-fetch';
import type { Run } from '../../../db/entities/runs';
import { environmentRepository } from '../../../db/repositories/environments';
import type { ActivityDeps } from '../../deps';
import type { Redactor } from '../shared/redactor';
import { fetchValue } from '../shared/values-channel';
import { apiSession, type ApiSessionOptions } from './execute';
import { DocumentError, parseDocument, type ApiDocument } from './openapi';

const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export interface ApiHostDeps extends Pick<ActivityDeps, 'db' | 'config'> {
  /**
   * The runner host's environment: the specification has API credential bindings resolve there
   * (a runner started by `npm start` inherits its shell's). Read only for the variables a plan's
   * auth profiles name, held in memory for one Run.
   */
  hostEnv: Readonly<Record<string, string | undefined>>;
}

/** Everything an API session of this Run needs: document, identities, values, bounds. */
export async function apiSessionFor(deps: ApiHostDeps, run: Run, redactor: Redactor, signal?: AbortSignal) {
  const fetch = egressFetch(runnerEgress(deps.config));
  const options: ApiSessionOptions = {
    baseUrl: run.targets.api?.baseUrl ?? '',
    fetch,
    ...(await loadDocument(deps, run, fetch)),
    identities: identitiesOf(run.api?.authProfiles ?? [], deps.hostEnv, redactor),
    resolveValue: (name) => fetchValue(deps.config, run.id, name),
    redactor,
    maxFuzzProbes: run.api?.maxFuzzProbes ?? 0,
    timeoutMs: deps.config.API_REQUEST_TIMEOUT_MS,
    signal,
  };
  return { options, session: apiSession(options) };
}

/** The target's OpenAPI document: fetched from targets.api.openapiUrl, or stored with the Environment. */
async function loadDocument(
  { db, config }: ApiHostDeps,
  run: Run,
  fetch: ReturnType<typeof egressFetch>,
): Promise<{ document: ApiDocument | null; documentProblem?: string }> {
  try {
    let raw: unknown;
    const url = run.targets.api?.openapiUrl;
    if (url) {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(config.API_REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) return { document: null, documentProblem: `the OpenAPI document answered HTTP ${res.status}` };
      const text = await res.text();
      if (text.length > DOCUMENT_MAX_BYTES)
        return { document: null, documentProblem: 'the OpenAPI document is larger than 5 MiB' };
      raw = JSON.parse(text);
    } else if (run.environmentId) {
      raw = (await environmentRepository.byId(db.manager, run.orgId, run.environmentId))?.targets.api?.openapi;
    }
    if (raw === undefined) {
      return { document: null, documentProblem: 'no OpenAPI document (targets.api.openapiUrl or targets.api.openapi)' };
    }
    return { document: await parseDocument(raw) };
  } catch (error) {
    if (error instanceof EgressRefused) {
      return {
        document: null,
        documentProblem: `the OpenAPI document URL was not fetched: ${EGRESS_REFUSED}`,
      };
    }
    if (error instanceof SyntaxError) return { document: null, documentProblem: 'the OpenAPI document is not JSON' };
    if (error instanceof DocumentError) return { document: null, documentProblem: error.message };
    const why = (error as Error).name === 'TimeoutError' ? 'no answer in time' : unreachableWhy(error);
    return { document: null, documentProblem: `the OpenAPI document could not be fetched: ${why}` };
  }
}

/**
 * Request headers per auth profile from the runner host's environment. A profile whose variable
 * is unset is kept as a reason, so only the steps that use it are affected. Every token is
 * added to redaction before any request is made.
 */
function identitiesOf(
  profiles: ApiAuthProfile[],
  env: Readonly<Record<string, string | undefined>>,
  redactor: Redactor,
): Map<string, Record<string, string> | string> {
  const identities = new Map<string, Record<string, string> | string>();
  for (const profile of profiles) {
    const headers: Record<string, string> = {};
    let problem: string | undefined;
    for (const credential of profile.credentials) {
      const value = env[credential.variable];
      if (!value) {
        problem = `needs ${credential.variable}, which is not set on the runner host`;
        break;
      }
      redactor.add(value);
      if (credential.kind.toLowerCase() === 'bearer') headers.authorization = `Bearer ${value}`;
      else {
        problem = `uses a credential kind (${credential.kind}) this runner does not support (bearer)`;
        break;
      }
    }
    identities.set(profile.name, problem ?? headers);
  }
  return identities;
}

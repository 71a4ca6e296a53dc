import type { AppDeps } from './deps';
import type { Endpoint } from './resources/define';
import { createMediaStorage } from '../activities/storage';
import { mcpEndpoints } from './mcp';
import { protectedResourceMetadataEndpoint } from './oauth/metadata';
import { createTokenVerifier } from './oauth/verifier';
import { RunWatcher } from './runs/watcher';
import { idempotencyRepository } from '../db/repositories/idempotency';
import { runEndpoints } from './resources/runs';
import { evidenceMediaEndpoint, localMediaEndpoint } from './resources/media';
import { runnerValuesEndpoint } from './resources/runner-channel';
import { artifactEndpoints } from './resources/artifacts';
import { artifactGate } from './artifacts/gate';
import { planningEndpoints } from './resources/planning';

/**
 * Wires optional services (OAuth verifier, media storage, …) into the deps and returns the
 * endpoints they add. Shared by the server and the tests so both run the same shape.
 */
export async function installCapabilities(deps: AppDeps): Promise<Endpoint[]> {
  // OAuth: without an issuer only organization API keys authenticate; the metadata is served
  // either way (with no authorization servers) because every challenge points at it.
  if (deps.config.OAUTH_ISSUER) deps.services.tokenVerifier = createTokenVerifier(deps);
  deps.services.mediaStorage = createMediaStorage(deps.config);
  const watcher = new RunWatcher(deps.db, deps.config.RUN_POLL_INTERVAL_MS);
  deps.services.runWatcher = watcher;
  deps.onClose?.(() => watcher.close());
  // Idempotency records expire after 48 h; any API process sweeps a batch every 10 minutes.
  const sweep = setInterval(() => {
    idempotencyRepository.purgeExpired(deps.db.manager, Date.now())
      .catch((error) => deps.log.warn('idempotency sweep failed', { error: String(error?.message ?? error) }));
  }, 10 * 60_000);
  sweep.unref();
  deps.onClose?.(() => clearInterval(sweep));
  deps.services.artifactGate = artifactGate;
  return [
    protectedResourceMetadataEndpoint, ...mcpEndpoints,
    ...runEndpoints, evidenceMediaEndpoint, localMediaEndpoint, runnerValuesEndpoint,
    ...artifactEndpoints, ...planningEndpoints,
  ];
}

import type { AppDeps } from './deps';
import type { Endpoint } from './resources/define';
import { createMediaStorage } from '../activities/storage';
import { RunWatcher } from './runs/watcher';
import { runEndpoints } from './resources/runs';
import { evidenceMediaEndpoint, localMediaEndpoint } from './resources/media';
import { runnerValuesEndpoint } from './resources/runner-channel';
import { planningEndpoints } from './resources/planning';

/**
 * Wires optional services (OAuth verifier, media storage, …) into the deps and returns the
 * endpoints they add. Shared by the server and the tests so both run the same shape.
 */
export async function installCapabilities(deps: AppDeps): Promise<Endpoint[]> {
  deps.services.mediaStorage = createMediaStorage(deps.config);
  const watcher = new RunWatcher(deps.db, deps.config.RUN_POLL_INTERVAL_MS);
  deps.services.runWatcher = watcher;
  deps.onClose?.(() => watcher.close());
  return [...runEndpoints, evidenceMediaEndpoint, localMediaEndpoint, runnerValuesEndpoint, ...planningEndpoints];
}

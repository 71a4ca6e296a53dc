import type { AppDeps } from './deps';
import type { Endpoint } from './resources/define';

/**
 * Wires optional services (OAuth verifier, media storage, …) into the deps and returns the
 * endpoints they add. Shared by the server and the tests so both run the same shape.
 */
export async function installCapabilities(_deps: AppDeps): Promise<Endpoint[]> {
  return [];
}

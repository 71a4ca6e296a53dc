import { chromium, type Browser } from 'playwright-core';

/**
 * Chromium flags the runner needs on its hosts: no sandbox (runs as root in a container), no GPU,
 * and none of Chromium's own background traffic (updates, sync, QUIC probes), which has nowhere to go
 * on a closed network and would only add noise and delays. `/dev/shm` is small in containers.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
] as const;

/** Launches a headless system Chromium (playwright-core ships no browser). The caller closes it. */
export function launchBrowser(executablePath = '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] });
}

import path from 'node:path';
import * as lib from '../../scripts/lib/appium';
import { freePort } from '../../scripts/lib/ports';

/** A real Appium server on loopback with the Chromium driver (installed by scripts/test.js). */
export interface TestAppium {
  url: string;
  /** The sessions Appium holds now, with the capabilities each was created with (Appium's own record). */
  sessions(): Promise<{ id: string; capabilities: Record<string, unknown> }[]>;
  /** Everything the server printed (kept in memory only: a test checks no secret is in it). */
  output(): string;
  /** SIGKILL, as a crash or a lost device cloud connection. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '../..');

/** Session capabilities a device cloud would be given, here for Chromium in mobile emulation. */
export function chromiumCapabilities(deviceName: string): Record<string, unknown> {
  const caps = lib.chromiumCapabilities(deviceName, {
    chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromedriver: process.env.CHROMEDRIVER_PATH ?? '/usr/bin/chromedriver',
  }) as { 'goog:chromeOptions': { args: string[] } };
  // Tests reach loopback only: everything else goes to a proxy that is not there (Chromium never
  // sends loopback through a proxy).
  caps['goog:chromeOptions'].args.push('--proxy-server=http://127.0.0.1:9');
  return caps;
}

/** Starts Appium on a free loopback port; `tmpDir` takes chromedriver's and Chromium's temporary profiles. */
export async function startAppium(options: { tmpDir?: string } = {}): Promise<TestAppium> {
  const port = await freePort();
  let printed = '';
  let server: Awaited<ReturnType<typeof lib.startAppium>> | null = null;
  const appium: TestAppium = {
    url: `http://127.0.0.1:${port}`,
    async start() {
      server = await lib.startAppium({
        bin: process.env.TEST_APPIUM_BIN ?? path.join(root, '.tools/appium/node_modules/.bin/appium'),
        home: process.env.TEST_APPIUM_HOME ?? path.join(root, '.tools/appium/home'),
        port,
        ...(options.tmpDir ? { tmpDir: options.tmpDir } : {}),
        sessionDiscovery: true,
        onOutput: (text) => (printed += text),
      });
    },
    async sessions() {
      const res = await fetch(`${appium.url}/appium/sessions`);
      return ((await res.json()) as { value: { id: string; capabilities: Record<string, unknown> }[] }).value;
    },
    output: () => printed,
    kill: async () => server?.stop('SIGKILL'),
    stop: async () => server?.stop(),
  };
  await appium.start();
  return appium;
}

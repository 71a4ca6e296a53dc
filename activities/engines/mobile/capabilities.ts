import { createServer } from 'node:net';

/** The two platforms the mobile runner serves. */
export type MobilePlatform = 'android' | 'ios';

/** Which app a session starts: a signed link to the scanned artifact, or an app already installed. */
export type AppUnderTest = { link: string } | { appId: string } | { bundleId: string } | null;

/** How the runner finds controls and reads the screen: by the automation the session runs. */
export type Dialect = 'android' | 'ios' | 'web';

const DEFAULTS: Record<MobilePlatform, Record<string, unknown>> = {
  android: { platformName: 'Android', 'appium:automationName': 'UiAutomator2' },
  ios: { platformName: 'iOS', 'appium:automationName': 'XCUITest' },
};

/**
 * The capabilities of a Run's session: the platform's defaults, then the runner host's own
 * (APPIUM_CAPABILITIES_ANDROID / _IOS: device, OS version, a device cloud's options; they may
 * override automationName), then the app under test, which only the Run decides. Appium ends a
 * session left without commands after `newCommandTimeout` seconds: the backstop if every other
 * cleanup missed it.
 */
export function sessionCapabilities(
  platform: MobilePlatform,
  host: Readonly<Record<string, unknown>>,
  app: AppUnderTest,
): Record<string, unknown> {
  const caps: Record<string, unknown> = { ...DEFAULTS[platform], 'appium:newCommandTimeout': 120, ...host };
  if (!app) return caps;
  if ('link' in app) caps['appium:app'] = app.link;
  else if ('appId' in app) caps['appium:appPackage'] = app.appId;
  else caps['appium:bundleId'] = app.bundleId;
  return caps;
}

/** UiAutomator2 and Espresso read Android's tree, XCUITest iOS's; any other automation drives a browser. */
export function dialectOf(capabilities: Readonly<Record<string, unknown>>): Dialect {
  const automation = String(capabilities['appium:automationName'] ?? '').toLowerCase();
  if (automation === 'uiautomator2' || automation === 'espresso') return 'android';
  if (automation === 'xcuitest') return 'ios';
  return 'web';
}

/**
 * Appium's Chromium driver (the local stand-in for a device: Chromium in mobile emulation) starts
 * each session's chromedriver on port 9515 unless told otherwise, and first kills any chromedriver
 * on that port, machine-wide: a second session would end the first. A session on an Appium server
 * of this host gets a port of its own; a remote server's ports are its own to choose.
 */
export async function withOwnChromedriverPort(
  appiumUrl: string,
  capabilities: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const chromium = String(capabilities['appium:automationName'] ?? '').toLowerCase() === 'chromium';
  if (!chromium || capabilities['appium:chromedriverPort'] !== undefined || !onThisHost(appiumUrl)) return capabilities;
  return { ...capabilities, 'appium:chromedriverPort': await freeLoopbackPort() };
}

function onThisHost(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}

/** A port nothing listens on now (the OS picks it). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

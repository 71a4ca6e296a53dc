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

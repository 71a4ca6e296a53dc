import assert from 'node:assert/strict';
import { dialectOf, sessionCapabilities, withOwnChromedriverPort } from '../../activities/engines/mobile/capabilities';
import { locatorsFor, xpathString } from '../../activities/engines/mobile/locators';

describe('Mobile session capabilities and locators', () => {
  it('defaults automationName to UiAutomator2 / XCUITest, which the runner host may override', () => {
    assert.equal(sessionCapabilities('android', {}, null)['appium:automationName'], 'UiAutomator2');
    assert.equal(sessionCapabilities('ios', {}, null)['appium:automationName'], 'XCUITest');
    const host = { 'appium:automationName': 'Espresso', 'appium:deviceName': 'Pixel 8' };
    const caps = sessionCapabilities('android', host, null);
    assert.equal(caps['appium:automationName'], 'Espresso');
    assert.equal(caps['appium:deviceName'], 'Pixel 8');
    assert.equal(dialectOf(caps), 'android');
    // Which tree the runner reads follows the automation: Android's, iOS's, or a browser's.
    assert.equal(dialectOf(sessionCapabilities('android', {}, null)), 'android');
    assert.equal(dialectOf(sessionCapabilities('ios', {}, null)), 'ios');
    assert.equal(dialectOf({ 'appium:automationName': 'Chromium' }), 'web');
  });

  it("sets the app from the Run's target, over anything the host names", () => {
    const host = { 'appium:app': 'https://host.example.test/other.apk' };
    assert.equal(
      sessionCapabilities('android', host, { link: 'https://signed.example.test/a?sig=1' })['appium:app'],
      'https://signed.example.test/a?sig=1',
    );
    assert.equal(
      sessionCapabilities('android', {}, { appId: 'com.example.shop' })['appium:appPackage'],
      'com.example.shop',
    );
    assert.equal(
      sessionCapabilities('ios', {}, { bundleId: 'com.example.Shop' })['appium:bundleId'],
      'com.example.Shop',
    );
  });

  it('gives a Chromium session on a local Appium a chromedriver port of its own, and nothing else', async () => {
    const chromium = { 'appium:automationName': 'Chromium' };
    const local = await withOwnChromedriverPort('http://127.0.0.1:4723', chromium);
    assert.ok(Number.isInteger(local['appium:chromedriverPort']) && Number(local['appium:chromedriverPort']) > 0);
    const other = await withOwnChromedriverPort('http://localhost:4723', chromium);
    assert.notEqual(other['appium:chromedriverPort'], undefined);
    // A device cloud's (or another host's) ports are its own; a port the host names is kept; a device's
    // automation has no chromedriver of this kind.
    assert.deepEqual(await withOwnChromedriverPort('https://hub.example.test/wd/hub', chromium), chromium);
    const named = { ...chromium, 'appium:chromedriverPort': 9600 };
    assert.deepEqual(await withOwnChromedriverPort('http://127.0.0.1:4723', named), named);
    const device = { 'appium:automationName': 'UiAutomator2' };
    assert.deepEqual(await withOwnChromedriverPort('http://127.0.0.1:4723', device), device);
  });

  it('looks a control up by accessibility id first, then by its visible text', () => {
    assert.deepEqual(locatorsFor('android', 'control', 'Sign in')[0], ['accessibility id', 'Sign in']);
    assert.deepEqual(locatorsFor('ios', 'control', 'Sign in')[0], ['accessibility id', 'Sign in']);
    assert.deepEqual(locatorsFor('android', 'control', 'Say "hi"')[1], [
      '-android uiautomator',
      'new UiSelector().text("Say \\"hi\\"")',
    ]);
  });

  it('quotes any text as an XPath literal', () => {
    assert.equal(xpathString('Sign in'), "'Sign in'");
    assert.equal(xpathString("Don't"), `"Don't"`);
    assert.equal(xpathString(`Say "don't"`), `concat('Say "don', "'", 't"')`);
  });
});

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { forgetMovedAppiumManifest } = require('../../scripts/lib/tools.js');

/** Appium's manifest as `appium driver install` writes it, naming the driver's directory. */
const manifestNaming = (installPath: string) => `drivers:
  chromium:
    automationName: chromium
    pkgName: appium-chromium-driver
    version: 3.1.1
    installType: npm
    installPath: ${installPath}
plugins: {}
schemaRev: 4
`;

describe("Appium's extension manifest after the checkout moved", () => {
  let dir: string;
  let home: string;
  let manifest: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'qa-appium-home-'));
    home = path.join(dir, 'checkout', '.tools', 'appium', 'home');
    manifest = path.join(home, 'node_modules', '.cache', 'appium', 'extensions.yaml');
    mkdirSync(path.dirname(manifest), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('drops a manifest naming a driver under another directory, so that Appium makes it again', () => {
    const elsewhere = path.join(
      dir,
      'old-checkout',
      '.tools',
      'appium',
      'home',
      'node_modules',
      'appium-chromium-driver',
    );
    writeFileSync(manifest, manifestNaming(elsewhere));
    assert.equal(forgetMovedAppiumManifest(home), true);
    assert.equal(existsSync(manifest), false);
  });

  it('keeps a manifest naming drivers inside this APPIUM_HOME, and says nothing without one', () => {
    writeFileSync(manifest, manifestNaming(path.join(home, 'node_modules', 'appium-chromium-driver')));
    assert.equal(forgetMovedAppiumManifest(home), false);
    assert.equal(existsSync(manifest), true);
    rmSync(manifest);
    assert.equal(forgetMovedAppiumManifest(home), false);
  });

  it('drops one whose path only starts like this home (a sibling directory)', () => {
    writeFileSync(manifest, manifestNaming(`${home}-copy/node_modules/appium-chromium-driver`));
    assert.equal(forgetMovedAppiumManifest(home), true);
  });
});

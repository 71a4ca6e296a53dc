'use strict';
// A local Appium server with its Chromium driver (installed by tools.ensureAppium), for `npm start
// -- --mobile` and the tests: the mobile runner speaks Appium's protocol to it exactly as to a
// device cloud, and Chromium in mobile emulation stands in for the device.

const { spawn } = require('node:child_process');
const { alive, descendants, killTrees } = require('./process-tree.js');
const { track } = require('./processes.js');

/**
 * The session capabilities a runner host gives (APPIUM_CAPABILITIES_ANDROID / _IOS) to drive
 * Chromium in mobile emulation of `deviceName` through Appium's Chromium driver.
 */
function chromiumCapabilities(
  deviceName,
  { chromium = '/usr/bin/chromium', chromedriver = '/usr/bin/chromedriver' } = {},
) {
  return {
    platformName: 'linux',
    'appium:automationName': 'chromium',
    'appium:executable': chromedriver,
    'appium:autodownloadEnabled': false,
    'goog:chromeOptions': {
      binary: chromium,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--password-store=basic',
        // Chromium reaches only what a Run opens: no update checks, sync or other background traffic.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      // Nothing a Run types is offered to be kept by the browser's profile.
      prefs: {
        'autofill.profile_enabled': false,
        credentials_enable_service: false,
        'profile.password_manager_enabled': false,
      },
      mobileEmulation: { deviceName },
    },
  };
}

/**
 * Starts Appium on 127.0.0.1:`port` and resolves when it answers /status. Its output goes to
 * `onOutput` (never to a file: at a verbose level Appium prints the commands' arguments).
 * `sessionDiscovery` lets a test read Appium's own record of its sessions.
 */
async function startAppium({ bin, home, port, tmpDir, sessionDiscovery = false, onOutput = () => {} }) {
  const args = ['--address', '127.0.0.1', '--port', String(port), '--log-level', 'warn'];
  if (sessionDiscovery) args.push('--allow-insecure', '*:session_discovery');
  // In a group of its own and tracked like every service (processes.js): a Ctrl-C reaches only the
  // parent, which stops it in order, and it never outlives the parent.
  const child = spawn(bin, args, {
    env: { ...process.env, APPIUM_HOME: home, ...(tmpDir ? { TMPDIR: tmpDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid) track(child.pid, 'appium', child);
  let tail = '';
  const take = (d) => {
    tail = (tail + d).slice(-4000);
    onOutput(String(d));
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Appium did not start on port ${port}: ${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    exited,
    /**
     * Stops the server and whatever it started: once Appium is gone its chromedriver and Chromium
     * belong to init, and a Chromium left loading a page spins a core. SIGKILL (a crash) freezes the
     * whole tree first, so a Chromium forking a renderer at that moment cannot leave one behind.
     */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (signal === 'SIGKILL') {
        await killTrees([child.pid]);
        await exited;
        return;
      }
      const started = descendants([child.pid]);
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      await killTrees(started.filter(alive));
    },
  };
}

module.exports = { chromiumCapabilities, startAppium };

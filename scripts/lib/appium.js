'use strict';
// A local Appium server with its Chromium driver (installed by tools.ensureAppium), for `npm start
// -- --mobile` and the tests: the mobile runner speaks Appium's protocol to it exactly as to a
// device cloud, and Chromium in mobile emulation stands in for the device.

const fs = require('node:fs');
const { spawn } = require('node:child_process');

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
  const child = spawn(bin, args, {
    env: { ...process.env, APPIUM_HOME: home, ...(tmpDir ? { TMPDIR: tmpDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/**
 * SIGSTOPs `roots` and everything under them until a scan finds no new process (a stopped process
 * cannot fork), then SIGKILLs them all and waits until they are gone.
 */
async function killTrees(roots) {
  const frozen = new Set();
  for (let pending = roots; pending.length;) {
    for (const pid of pending) {
      frozen.add(pid);
      send(pid, 'SIGSTOP');
    }
    // SIGSTOP is only queued when kill() returns: a thread still running may fork until it stops.
    for (let i = 0; i < 100 && pending.some(running); i++) await new Promise((r) => setTimeout(r, 10));
    pending = descendants([...frozen]).filter((pid) => !frozen.has(pid));
  }
  for (const pid of frozen) send(pid, 'SIGKILL');
  const all = [...frozen];
  for (let i = 0; i < 100 && all.some(alive); i++) await new Promise((r) => setTimeout(r, 20));
}

function send(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Whether the process exists and has not ended (a zombie, not yet reaped, has an empty command line). */
function alive(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`).length > 0;
  } catch {
    return false;
  }
}

/** Whether any thread of the process is still running (not stopped, not ended). */
function running(pid) {
  let tasks = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return tasks.some((tid) => {
    try {
      // The state follows the command name in parentheses, which may itself hold spaces.
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return !'TtZX'.includes(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
    } catch {
      return false;
    }
  });
}

/** The processes under `roots` (Linux /proc; none elsewhere), children before their own children. */
function descendants(roots) {
  const children = new Map();
  let entries = [];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const name of entries) {
    try {
      // The parent pid is the 4th field, after the command name in parentheses (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // ended while we looked
    }
  }
  const out = [];
  for (let queue = [...roots]; queue.length;) {
    const next = children.get(queue.shift()) ?? [];
    out.push(...next);
    queue.push(...next);
  }
  return out;
}

module.exports = { chromiumCapabilities, startAppium };

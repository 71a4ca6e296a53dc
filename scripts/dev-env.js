'use strict';
// The environment of the local dev stack (npm start), shared with commands that talk to it
// (npm run admin). Variables already set in the environment always win.

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

/** Where the dev stack keeps its state: DATA_DIR, else .data/ (a second stack, e.g. the bench's, needs its own). */
function dataDir(root, env = process.env) {
  return env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(root, '.data');
}

function secretsFile(root) {
  return path.join(dataDir(root), 'secrets.env');
}

/** KEY=VALUE lines (blank lines and # comments ignored), as an object. */
function readEnvFile(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}

/**
 * Creates .data/secrets.env once with a random SECRETS_KEY (32 bytes, base64) and RUNNER_TOKEN.
 * Never rewritten afterwards: the key encrypts stored Environment values.
 */
function ensureSecrets(root) {
  const file = secretsFile(root);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const body = [
    '# Generated once by scripts/start.js. Keep it: SECRETS_KEY decrypts stored Environment values.',
    `SECRETS_KEY=${crypto.randomBytes(32).toString('base64')}`,
    `RUNNER_TOKEN=${crypto.randomBytes(24).toString('base64url')}`,
    '',
  ].join('\n');
  // 'wx': never overwrite one written meanwhile by a concurrent start.
  try {
    fs.writeFileSync(file, body, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  return file;
}

/**
 * The variables the dev stack's processes get: secrets from .data/secrets.env, DATABASE_URL of
 * the private MariaDB (port DB_PORT, default 3307), Temporal address (TEMPORAL_PORT, default
 * 7233) and namespace, MEDIA_DIR, and EGRESS_ALLOW (loopback: webhooks may reach local receivers). Only these keys are returned; values set in `env` win.
 * @param {string} root repository root
 * @param {Record<string, string|undefined>} [env]
 * @returns {Record<string, string>}
 */
function loadDevEnv(root, env = process.env) {
  const fromFile = readEnvFile(secretsFile(root));
  const pick = (key, fallback) => (env[key] !== undefined && env[key] !== '' ? env[key] : fallback);
  const out = {
    DATABASE_URL: pick('DATABASE_URL', `mysql://root@127.0.0.1:${pick('DB_PORT', '3307')}/qa`),
    TEMPORAL_ADDRESS: pick('TEMPORAL_ADDRESS', `127.0.0.1:${pick('TEMPORAL_PORT', '7233')}`),
    TEMPORAL_NAMESPACE: pick('TEMPORAL_NAMESPACE', 'default'),
    MEDIA_DIR: pick('MEDIA_DIR', path.join(dataDir(root, env), 'media')),
    EGRESS_ALLOW: pick('EGRESS_ALLOW', '127.0.0.0/8,::1,localhost'),
  };
  for (const [key, value] of Object.entries(fromFile)) out[key] = pick(key, value);
  for (const key of ['SECRETS_KEY', 'RUNNER_TOKEN']) {
    if (out[key] === undefined && env[key]) out[key] = env[key];
  }
  return out;
}

module.exports = { loadDevEnv, ensureSecrets, readEnvFile, secretsFile, dataDir };

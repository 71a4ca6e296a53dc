import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, temporalEndpoint } from '../../core/config';
import { parseSecretsKey } from '../../core/crypto';

/**
 * Settings as docs/configuration.md states them: switches are the words `true`/`false` (those
 * with a documented default keep it), the webhook retry schedule is a comma list of non-negative seconds, and
 * AI_BASE_URL needs AI_MODEL.
 */
describe('configuration parsing', () => {
  const base = {
    DATABASE_URL: 'mysql://root@127.0.0.1:3307/qa',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  const load = (env: Record<string, string> = {}) => loadConfig({ ...base, ...env });

  it('reads each switch with its documented default, and `false` turns it off', () => {
    const defaults = load();
    assert.equal(defaults.WORKER_ORCHESTRATION, true);
    assert.equal(defaults.EGRESS_PUBLIC, true);
    assert.equal(load({ S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE, true);
    assert.equal(load({ WORKER_WEBHOOKS: 'true' }).WORKER_WEBHOOKS, true);
    const flipped = load({
      S3_FORCE_PATH_STYLE: 'false',
      WORKER_ORCHESTRATION: 'false',
      WORKER_WEBHOOKS: 'false',
      EGRESS_PUBLIC: 'false',
    });
    assert.equal(flipped.S3_FORCE_PATH_STYLE, false);
    assert.equal(flipped.WORKER_ORCHESTRATION, false);
    assert.equal(flipped.WORKER_WEBHOOKS, false);
    assert.equal(flipped.EGRESS_PUBLIC, false);
    assert.throws(() => load({ EGRESS_PUBLIC: 'yes' }), /EGRESS_PUBLIC/);
  });

  it('takes a retry schedule of non-negative seconds and refuses a negative or non-numeric one', () => {
    assert.deepEqual([...load({ WEBHOOK_RETRY_SCHEDULE: '0, 5,300' }).WEBHOOK_RETRY_SCHEDULE], [0, 5, 300]);
    assert.throws(
      () => load({ WEBHOOK_RETRY_SCHEDULE: '0,-1' }),
      /WEBHOOK_RETRY_SCHEDULE: a comma list of non-negative seconds/,
    );
    assert.throws(() => load({ WEBHOOK_RETRY_SCHEDULE: '0,soon' }), /non-negative seconds/);
  });

  it('derives BASE_URL from HOST and PORT, answering on loopback for a server bound to every address', () => {
    assert.equal(load({ HOST: '0.0.0.0', PORT: '3999' }).BASE_URL, 'http://127.0.0.1:3999');
    assert.equal(load({ HOST: '127.0.0.2', PORT: '3999' }).BASE_URL, 'http://127.0.0.2:3999');
  });

  it('takes Appium capabilities as a JSON object, and refuses an array or other JSON without echoing it', () => {
    assert.deepEqual(
      load({ APPIUM_CAPABILITIES_ANDROID: '{"appium:deviceName":"Pixel"}' }).APPIUM_CAPABILITIES_ANDROID,
      {
        'appium:deviceName': 'Pixel',
      },
    );
    for (const text of ['["token-123"]', '"token-123"', 'null', '{token-123'])
      assert.throws(
        () => load({ APPIUM_CAPABILITIES_IOS: text }),
        (err: Error) =>
          /APPIUM_CAPABILITIES_IOS: a JSON object of Appium capabilities/.test(err.message) &&
          !err.message.includes('token-123'),
      );
  });

  it('refuses AI_BASE_URL without AI_MODEL, and takes both', () => {
    assert.throws(
      () => load({ AI_BASE_URL: 'http://127.0.0.1:9/v1' }),
      /AI_MODEL: required when AI_BASE_URL or AI_PROVIDER is set/,
    );
    assert.throws(() => load({ AI_PROVIDER: 'anthropic' }), /AI_MODEL: required/);
    assert.equal(load({ AI_PROVIDER: 'embedded', AI_BASE_URL: 'http://127.0.0.1:9/v1' }).AI_MODEL, undefined);
    assert.equal(load({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'm' }).AI_MODEL, 'm');
  });

  it('refuses one S3 credential without the other (docs/configuration.md: unset means the default chain)', () => {
    const bucket = { S3_BUCKET: 'media' };
    assert.throws(() => load({ ...bucket, S3_ACCESS_KEY_ID: 'id' }), /S3_SECRET_ACCESS_KEY: set both, or neither/);
    assert.throws(() => load({ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' }), /set both, or neither/);
    assert.equal(load({ ...bucket, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).S3_ACCESS_KEY_ID, 'id');
    assert.equal(load(bucket).S3_ACCESS_KEY_ID, undefined);
  });

  it('reaches Temporal Cloud over TLS with an API key or a client certificate (mTLS), and plain otherwise', () => {
    const address = 'ns.acct.tmprl.cloud:7233';
    assert.deepEqual(temporalEndpoint(load({ TEMPORAL_ADDRESS: '127.0.0.1:7233' })), { address: '127.0.0.1:7233' });
    assert.deepEqual(temporalEndpoint(load({ TEMPORAL_ADDRESS: address, TEMPORAL_API_KEY: 'key-1' })), {
      address,
      tls: true,
      apiKey: 'key-1',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-tls-'));
    try {
      fs.writeFileSync(path.join(dir, 'client.pem'), 'CERT PEM');
      fs.writeFileSync(path.join(dir, 'client.key'), 'KEY PEM');
      const pair = { TEMPORAL_TLS_CERT: path.join(dir, 'client.pem'), TEMPORAL_TLS_KEY: path.join(dir, 'client.key') };
      assert.deepEqual(temporalEndpoint(load({ TEMPORAL_ADDRESS: address, ...pair })), {
        address,
        tls: { clientCertPair: { crt: Buffer.from('CERT PEM'), key: Buffer.from('KEY PEM') } },
      });
      assert.throws(() => load({ TEMPORAL_TLS_CERT: pair.TEMPORAL_TLS_CERT }), /TEMPORAL_TLS_KEY: set both/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(temporalEndpoint(load({ TEMPORAL_ADDRESS: address, TEMPORAL_TLS: 'true' })), {
      address,
      tls: true,
    });
    assert.throws(() => load({ TEMPORAL_API_KEY: 'key-1', TEMPORAL_TLS: 'false' }), /needs TLS/);
  });

  it('takes SECRETS_KEY as 32 bytes in base64 or hex, and refuses any other length by name', () => {
    const bytes = Buffer.alloc(32, 9);
    assert.deepEqual(parseSecretsKey(bytes.toString('base64')), bytes);
    assert.deepEqual(parseSecretsKey(bytes.toString('hex')), bytes);
    for (const wrong of [Buffer.alloc(16, 9).toString('base64'), Buffer.alloc(31, 9).toString('hex'), 'not a key'])
      assert.throws(() => parseSecretsKey(wrong), /SECRETS_KEY must be 32 bytes/, wrong);
  });
});

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalMediaStorage } from '../../core/storage/local';

/**
 * Media on local disk stands in for an object store: a read link works only as issued (its key,
 * its expiry, its signature: the specification's "query parameters must not be edited") and only
 * until it expires, and no key reaches outside the media directory.
 */
describe('local media storage: signed links and keys', () => {
  let dir: string;
  let storage: LocalMediaStorage;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'qa-media-'));
    storage = new LocalMediaStorage(join(dir, 'media'), () => 'http://127.0.0.1:1', 'signing-key-for-tests');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const linkParts = async (key: string, ttlSeconds: number) => {
    const url = new URL(await storage.readUrl(key, ttlSeconds));
    return {
      key: url.searchParams.get('key')!,
      exp: Number(url.searchParams.get('exp')),
      sig: url.searchParams.get('sig')!,
    };
  };

  it('reads through a link as issued, and through no edited one', async () => {
    await storage.put('runs/org/run/step-0.png', Buffer.from('first'), 'image/png');
    await storage.put('runs/org/run/step-1.png', Buffer.from('second'), 'image/png');
    const { key, exp, sig } = await linkParts('runs/org/run/step-0.png', 900);
    assert.equal(String(await storage.readSigned(key, exp, sig)), 'first');
    assert.equal(await storage.readSigned('runs/org/run/step-1.png', exp, sig), null, 'another key');
    assert.equal(await storage.readSigned(key, exp + 60_000, sig), null, 'a later expiry');
    assert.equal(
      await storage.readSigned(
        key,
        exp,
        sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      ),
      null,
    );
    assert.equal(await storage.readSigned(key, Number.NaN, sig), null, 'no expiry');
  });

  it('refuses a link once it has expired, however well signed', async () => {
    await storage.put('runs/org/run/old.png', Buffer.from('old'), 'image/png');
    const { key, exp, sig } = await linkParts('runs/org/run/old.png', -1);
    assert.ok(exp < Date.now());
    assert.equal(await storage.readSigned(key, exp, sig), null);
  });

  it('keeps every key inside the media directory', async () => {
    for (const key of ['../outside.png', 'runs/../../outside.png', '/etc/passwd'])
      await assert.rejects(() => storage.put(key, Buffer.from('x'), 'image/png'), /escapes the media directory/, key);
    // Even a link signed for such a key (none is ever issued) reads nothing outside.
    const escaping = await linkParts('../outside.png', 900);
    await assert.rejects(() => storage.readSigned(escaping.key, escaping.exp, escaping.sig), /escapes/);
  });

  it('receives an upload of its declared length; stops a longer one at once and keeps nothing of it', async () => {
    const exact = await storage.receive('uploads/exact.bin', Readable.from([Buffer.from('abc'), Buffer.from('de')]), 5);
    assert.equal(exact.received, 5);
    await exact.commit();
    assert.ok(existsSync(join(dir, 'media', 'uploads', 'exact.bin')));

    const longer = await storage.receive(
      'uploads/long.bin',
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      5,
    );
    assert.ok(longer.received > 5, 'told as longer than declared');
    await assert.rejects(longer.commit(), /exceeds its declared length/);
    assert.ok(!existsSync(join(dir, 'media', 'uploads', 'long.bin')));
    assert.deepEqual(readdirSync(join(dir, 'media', '.incoming')), [], 'no partial file left behind');

    const shorter = await storage.receive('uploads/short.bin', Readable.from([Buffer.from('ab')]), 5);
    assert.equal(shorter.received, 2, 'a body that ended early reports what arrived');
    await shorter.discard();
  });
});

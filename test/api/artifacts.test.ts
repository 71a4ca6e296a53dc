import assert from 'node:assert/strict';
import { recordHistory } from '../helpers/histories';
import { createHash } from 'node:crypto';
import { artifactRepository } from '../../db/repositories/artifacts';
import { LocalMediaStorage } from '../../core/storage/local';
import { S3MediaStorage } from '../../core/storage/s3';
import { createOrg, testConfig, useApp } from '../helpers/app';
import { rawPut, resource, scan, upload } from '../helpers/artifacts';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { apkZip, buildZip, ipaZip, renameEntry, underDeclare } from '../helpers/zips';

const APK = 'application/vnd.android.package-archive';

describe('Mobile artifacts: upload intents and scans', function () {
  this.timeout(60_000);
  const t = useApp({ ...privateQueues(), ARTIFACT_MAX_BYTES: String(300 * 1024 * 1024) });
  useWorkers(t, { runnerPlatforms: [] });

  const intent = (body: Record<string, unknown>, apiKey: string | null = t.org.apiKey) =>
    resource(t.app, apiKey, 'POST', '/api/artifacts/upload-url', body);
  const codes = (findings: Array<{ code: string; severity: string }>) =>
    findings.filter((f) => f.severity === 'error').map((f) => f.code);

  describe('POST /api/artifacts/upload-url', () => {
    it('returns a 15-minute PUT URL bound to an intent', async () => {
      const res = await intent({ platform: 'android', declaredBytes: 1234, contentType: APK });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), ['expiresAt', 'intentId', 'method', 'storageId', 'uploadUrl']);
      assert.equal(res.body.method, 'PUT');
      assert.match(res.body.intentId, /^art_/);
      assert.match(res.body.storageId, /^sto_/);
      assert.ok(res.body.uploadUrl.startsWith(`${t.app.url}/api/artifacts/upload?`));
      assert.ok(res.body.expiresAt > Date.now() + 14 * 60_000 && res.body.expiresAt <= Date.now() + 15 * 60_000);
    });

    it('refuses bad input in the { error } shape', async () => {
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ platform: 'android', declaredBytes: 300 * 1024 * 1024 + 1, contentType: APK }, 400],
        [{ platform: 'android', declaredBytes: 0, contentType: APK }, 400],
        [{ platform: 'android', declaredBytes: 10, contentType: 'application/zip' }, 400],
        [{ platform: 'ios', declaredBytes: 10, contentType: APK }, 400],
        [{ platform: 'web', declaredBytes: 10, contentType: APK }, 400],
        [{ platform: 'ios', declaredBytes: 10, contentType: 'application/zip', extra: 1 }, 400],
      ];
      for (const [body, status] of cases) {
        const res = await intent(body);
        assert.equal(res.status, status, JSON.stringify(body));
        assert.equal(typeof res.body.error, 'string');
      }
      assert.equal(
        (await intent({ platform: 'ios', declaredBytes: 10, contentType: 'application/zip' }, null)).status,
        401,
      );
    });
  });

  describe('PUT to the upload URL', () => {
    it('accepts exactly the declared bytes and type, once', async () => {
      const bytes = await apkZip();
      const { body } = await intent({ platform: 'android', declaredBytes: bytes.length, contentType: APK });
      const short = await rawPut(body.uploadUrl, bytes.subarray(1), {
        'Content-Type': APK,
        'Content-Length': String(bytes.length - 1),
      });
      assert.equal(short.status, 400);
      assert.match(short.body.error, /Content-Length must be/);
      const chunked = await rawPut(body.uploadUrl, bytes, { 'Content-Type': APK, 'Transfer-Encoding': 'chunked' });
      assert.equal(chunked.status, 400);
      const wrongType = await rawPut(body.uploadUrl, bytes, {
        'Content-Type': 'application/zip',
        'Content-Length': String(bytes.length),
      });
      assert.equal(wrongType.status, 400);
      assert.match(wrongType.body.error, /Content-Type must be/);

      const ok = await rawPut(body.uploadUrl, bytes, { 'Content-Type': APK, 'Content-Length': String(bytes.length) });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body, { storageId: body.storageId, byteSize: bytes.length });
      const again = await rawPut(body.uploadUrl, bytes, {
        'Content-Type': APK,
        'Content-Length': String(bytes.length),
      });
      assert.equal(again.status, 409);
      assert.equal(typeof again.body.error, 'string');
    });

    it('refuses an edited or expired link with 403', async () => {
      const { body } = await intent({ platform: 'ios', declaredBytes: 5, contentType: 'application/zip' });
      const headers = { 'Content-Type': 'application/zip', 'Content-Length': '5' };
      const url = new URL(body.uploadUrl);
      const editedExp = new URL(url);
      editedExp.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 60_000));
      const editedSig = new URL(url);
      editedSig.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
      const otherKey = new URL(url);
      otherKey.searchParams.set('key', url.searchParams.get('key')!.replace('.ipa', '.apk'));
      const noSig = new URL(url);
      noSig.searchParams.delete('sig');
      for (const bad of [editedExp, editedSig, otherKey, noSig]) {
        const res = await rawPut(bad.toString(), Buffer.from('hello'), headers);
        assert.equal(res.status, 403, bad.toString());
        assert.equal(typeof res.body.error, 'string');
      }
      // A correctly signed link whose time is up: what the client holds after 15 minutes.
      const storage = t.app.deps.storage as LocalMediaStorage;
      const expired = await storage.presignPut(url.searchParams.get('key')!, 'application/zip', 5, -1);
      assert.equal((await rawPut(expired, Buffer.from('hello'), headers)).status, 403);
      assert.equal(
        (await rawPut(body.uploadUrl, Buffer.from('hello'), headers)).status,
        200,
        'the intact link still works',
      );
    });

    it('answers 4xx, never 500, for a malformed key, exp or sig (non-ASCII text, letters for a time)', async () => {
      const { body } = await intent({ platform: 'ios', declaredBytes: 5, contentType: 'application/zip' });
      const headers = { 'Content-Type': 'application/zip', 'Content-Length': '5' };
      const url = new URL(body.uploadUrl);
      const edits: Array<[string, string]> = [
        ['key', 'artifacts/\u00c0\u00ec\u0012/x.ipa'],
        ['key', `${url.searchParams.get('key')}\u00e9`],
        ['exp', '\u00c0\u00ec\u001a\u0012\u0094'],
        ['exp', 'soon'],
        ['sig', ';\u{251ef}'],
      ];
      for (const [name, value] of edits) {
        const bad = new URL(url);
        bad.searchParams.set(name, value);
        const res = await rawPut(bad.toString(), Buffer.from('hello'), headers);
        assert.ok(res.status >= 400 && res.status < 500, `${name}=${JSON.stringify(value)}: ${res.status}`);
        assert.equal(typeof res.body.error, 'string');
      }
      assert.equal((await rawPut(body.uploadUrl, Buffer.from('hello'), headers)).status, 200, 'the link still works');
    });
  });

  describe('POST /api/artifacts/scan', () => {
    it('passes a small APK-shaped zip, records sha256 and size, and replays the result', async () => {
      const bytes = await apkZip();
      const up = await upload(t.app, t.org.apiKey, 'android', bytes);
      const res = await scan(t.app, t.org.apiKey, up, 'android');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(
        { ...res.body, findings: undefined },
        {
          storageId: up.storageId,
          status: 'clean',
          kind: 'context',
          sha256: createHash('sha256').update(bytes).digest('hex'),
          byteSize: bytes.length,
          contentType: APK,
          scanner: 'builtin-zip-scanner/1',
          findings: undefined,
        },
      );
      assert.deepEqual(codes(res.body.findings), []);
      assert.ok(res.body.findings.some((f: { severity: string }) => f.severity === 'info'));
      const again = await scan(t.app, t.org.apiKey, up, 'android', 'renamed.apk');
      assert.deepEqual(again.body, res.body);
      // A scan activity retried after it wrote its row (a lost reply) gets that row: one verdict per upload.
      const retried = await artifactRepository.recordScan(t.app.deps.db.manager, {
        storageId: up.storageId,
        orgId: t.org.orgId,
        status: 'rejected',
        sha256: '0'.repeat(64),
        byteSize: 1,
        contentType: APK,
        scanner: 'builtin-zip-scanner/1',
        findings: [],
        fileName: 'retried.apk',
        createdAt: Date.now(),
      });
      assert.equal(retried.status, 'clean');
      // Any other failure to write is a failure, not a scan (a file name past its column here).
      await assert.rejects(
        artifactRepository.recordScan(t.app.deps.db.manager, {
          storageId: 'sto_0000000000000000000000000',
          orgId: t.org.orgId,
          status: 'clean',
          sha256: '0'.repeat(64),
          byteSize: 1,
          contentType: APK,
          scanner: 'builtin-zip-scanner/1',
          findings: [],
          fileName: 'x'.repeat(300),
          createdAt: Date.now(),
        }),
      );
      assert.equal(retried.sha256, res.body.sha256);
      assert.deepEqual((await scan(t.app, t.org.apiKey, up, 'android')).body, res.body);
      const client = await t.app.deps.temporal();
      assert.equal((await client.workflow.getHandle(`scan-${up.storageId}`).describe()).status.name, 'COMPLETED');
      await recordHistory(t.app, `scan-${up.storageId}`, 'artifactScanWorkflow-clean');
    });

    it('passes an IPA-shaped zip', async () => {
      const up = await upload(t.app, t.org.apiKey, 'ios', await ipaZip());
      const res = await scan(t.app, t.org.apiKey, up, 'ios');
      assert.equal(res.body.status, 'clean', JSON.stringify(res.body.findings));
    });

    it('rejects a zip bomb without inflating it', async () => {
      const bomb = await buildZip([
        ['AndroidManifest.xml', '<manifest/>'],
        ['classes.dex', { zeros: 200 * 1024 * 1024 }],
      ]);
      const up = await upload(t.app, t.org.apiKey, 'android', bomb);
      const res = await scan(t.app, t.org.apiKey, up, 'android');
      assert.equal(res.body.status, 'rejected');
      assert.ok(codes(res.body.findings).includes('compression_ratio'), JSON.stringify(res.body.findings));
    });

    it('rejects an entry that inflates past its declared size', async () => {
      const liar = underDeclare(
        await buildZip([
          ['AndroidManifest.xml', '<manifest/>'],
          ['classes.dex', { zeros: 2 * 1024 * 1024 }],
        ]),
        'classes.dex',
        1000,
      );
      const res = await scan(t.app, t.org.apiKey, await upload(t.app, t.org.apiKey, 'android', liar), 'android');
      assert.equal(res.body.status, 'rejected');
      assert.deepEqual(codes(res.body.findings), ['entry_size_mismatch']);
    });

    it('rejects a plain text file', async () => {
      const up = await upload(
        t.app,
        t.org.apiKey,
        'android',
        Buffer.from('this is not an APK\n'),
        'application/octet-stream',
      );
      const res = await scan(t.app, t.org.apiKey, up, 'android');
      assert.equal(res.body.status, 'rejected');
      assert.deepEqual(codes(res.body.findings), ['not_a_zip']);
      assert.equal(res.body.contentType, 'application/octet-stream');
    });

    it('rejects an entry path that escapes the archive', async () => {
      const evil = renameEntry(
        await buildZip([
          ['AndroidManifest.xml', '<manifest/>'],
          ['classes.dex', 'dex'],
          ['aa/evil', 'x'],
        ]),
        'aa/evil',
        '../evil',
      );
      const res = await scan(t.app, t.org.apiKey, await upload(t.app, t.org.apiKey, 'android', evil), 'android');
      assert.equal(res.body.status, 'rejected');
      assert.deepEqual(codes(res.body.findings), ['path_escape']);
    });

    it('rejects an archive of the wrong platform and a scan naming another type', async () => {
      const ipaAsApk = await upload(t.app, t.org.apiKey, 'android', await ipaZip());
      assert.deepEqual(codes((await scan(t.app, t.org.apiKey, ipaAsApk, 'android')).body.findings), [
        'missing_manifest',
        'missing_dex',
      ]);
      const apk = await upload(t.app, t.org.apiKey, 'android', await apkZip());
      const res = await scan(t.app, t.org.apiKey, { ...apk, contentType: 'application/octet-stream' }, 'android');
      assert.deepEqual(codes(res.body.findings), ['content_type_mismatch']);
    });

    it("answers 422 before an upload and 404 for another organization's intent", async () => {
      const { body } = await intent({ platform: 'android', declaredBytes: 10, contentType: APK });
      const early = await scan(t.app, t.org.apiKey, { ...body, contentType: APK }, 'android');
      assert.equal(early.status, 422);
      assert.equal(early.body.code, 'FAILED_PRECONDITION');
      const up = await upload(t.app, t.org.apiKey, 'android', await apkZip());
      const other = await createOrg(t.app.deps);
      const foreign = await scan(t.app, other.apiKey, up, 'android');
      assert.equal(foreign.status, 404);
      assert.equal(typeof foreign.body.error, 'string');
      const bad = await resource(t.app, t.org.apiKey, 'POST', '/api/artifacts/scan', { storageId: up.storageId });
      assert.equal(bad.status, 400);
    });
  });

  describe('S3 storage', () => {
    it('presigns a PUT whose signature covers Content-Type and Content-Length', async () => {
      const storage = new S3MediaStorage(
        testConfig({
          S3_BUCKET: 'artifacts',
          S3_ENDPOINT: 'http://127.0.0.1:9',
          S3_ACCESS_KEY_ID: 'test',
          S3_SECRET_ACCESS_KEY: 'test-secret',
        }),
      );
      const url = new URL(await storage.presignPut('artifacts/org/sto.apk', APK, 1234, 900));
      assert.equal(url.searchParams.get('X-Amz-SignedHeaders'), 'content-length;content-type;host');
      assert.equal(url.searchParams.get('X-Amz-Expires'), '900');
      assert.ok(
        ![...url.searchParams.keys()].some((k) => k.toLowerCase().startsWith('x-amz-checksum')),
        'no checksum of an empty body',
      );
    });
  });
});

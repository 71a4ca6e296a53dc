import assert from 'node:assert/strict';
import { harFromTrace } from '../../domain/runs/har';
import { buildZip } from '../helpers/zips';

/**
 * The HAR download of a web Run (issue 77 point 3) is built from its masked trace: each request the
 * trace recorded becomes a HAR 1.2 entry, its bodies inline (text as text, other bytes as base64, as
 * HAR 1.2 says), Playwright's own fields left out, and nothing that is not a request.
 */
describe('a HAR built from a trace', () => {
  const creator = { name: 'qa', version: '1' };
  const snapshot = (startedDateTime: string, extra: object) => ({
    startedDateTime,
    time: 5,
    _frameref: 'frame@1',
    _monotonicTime: 12.5,
    request: { method: 'GET', url: 'http://127.0.0.1/a', headers: [] },
    response: { status: 200, headers: [], content: { size: 0, mimeType: 'text/plain' } },
    ...extra,
  });
  const line = (event: object) => JSON.stringify(event);

  async function harOf(network: string[], files: Array<[string, Buffer | string]> = []) {
    const zip = await buildZip([['trace.network', network.join('\n')], ...files]);
    return JSON.parse((await harFromTrace(zip, creator)).toString('utf8')).log;
  }

  it('has one entry per recorded request, in the order they started, without Playwright-only fields', async () => {
    const log = await harOf([
      line({ type: 'resource-snapshot', snapshot: snapshot('2026-12-07T10:00:02.000Z', {}) }),
      'not json',
      line({ type: 'resource-snapshot' }), // a snapshot event with no snapshot
      line({ type: 'console', snapshot: snapshot('2026-12-07T10:00:00.000Z', {}) }), // not a request
      line({ type: 'resource-snapshot', snapshot: snapshot('2026-12-07T10:00:01.000Z', {}) }),
    ]);
    assert.equal(log.version, '1.2');
    assert.deepEqual(log.creator, creator);
    assert.deepEqual(
      log.entries.map((e: { startedDateTime: string }) => e.startedDateTime),
      ['2026-12-07T10:00:01.000Z', '2026-12-07T10:00:02.000Z'],
    );
    for (const e of log.entries) {
      assert.equal('_frameref' in e, false);
      assert.equal('_monotonicTime' in e, false);
    }
  });

  it('puts bodies inline: text as text, other bytes as base64, named by _file or the older _sha1', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]);
    const log = await harOf(
      [
        line({
          type: 'resource-snapshot',
          snapshot: snapshot('2026-12-07T10:00:00.000Z', {
            request: {
              method: 'POST',
              url: 'http://127.0.0.1/orders',
              headers: [],
              postData: { mimeType: 'text/plain', _sha1: 'post.txt' },
            },
            response: {
              status: 201,
              headers: [],
              content: { size: 6, mimeType: 'image/png', _file: 'resources/img.png' },
            },
          }),
        }),
      ],
      [
        ['resources/post.txt', 'item=42'],
        ['resources/img.png', png],
      ],
    );
    const [entry] = log.entries;
    assert.equal(entry.request.postData.text, 'item=42');
    assert.equal('_sha1' in entry.request.postData, false);
    assert.deepEqual(
      { text: entry.response.content.text, encoding: entry.response.content.encoding },
      { text: png.toString('base64'), encoding: 'base64' },
    );
    assert.equal('_file' in entry.response.content, false);
  });

  it('leaves a body out when its file is not in the trace, never an empty text in its place', async () => {
    const log = await harOf([
      line({
        type: 'resource-snapshot',
        snapshot: snapshot('2026-12-07T10:00:00.000Z', {
          request: {
            method: 'POST',
            url: 'http://127.0.0.1/x',
            headers: [],
            postData: { mimeType: 'text/plain', _sha1: 'gone.txt' },
          },
          response: {
            status: 200,
            headers: [],
            content: { size: 3, mimeType: 'text/plain', _file: 'resources/gone.bin' },
          },
        }),
      }),
    ]);
    const [entry] = log.entries;
    assert.equal('text' in entry.request.postData, false);
    assert.equal('text' in entry.response.content, false);
    assert.equal(entry.response.content.mimeType, 'text/plain');
  });
});

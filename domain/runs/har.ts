import { readZip } from '../../core/zip-read';

/**
 * The network log of a Run as a HAR 1.2 document, built from its trace zip after the trace's
 * redaction (redactTrace): Playwright records each request as a HAR entry in `trace.network` and
 * its bodies under `resources/` by SHA-1, so the HAR reuses the trace's masking instead of a second
 * recording with its own. It holds what the trace recorded: a Run's recording stops before its first
 * secret is typed (web.ts: beforeSecret), and so does its HAR.
 */
export async function harFromTrace(zip: Buffer, creator: { name: string; version: string }): Promise<Buffer> {
  const entries = await readZip(zip);
  const files = new Map(entries.map((e) => [e.name, e.data]));
  const har: Array<Record<string, any>> = [];
  for (const { name, data } of entries) {
    if (!name.endsWith('.network')) continue;
    for (const line of data.toString('utf8').split('\n')) {
      if (!line) continue;
      let event: { type?: string; snapshot?: Record<string, any> };
      try {
        event = JSON.parse(line);
      } catch {
        continue;
      }
      if (event.type !== 'resource-snapshot' || !event.snapshot) continue;
      har.push(withBodies(event.snapshot, files));
    }
  }
  har.sort((a, b) => String(a.startedDateTime).localeCompare(String(b.startedDateTime)));
  const log = { log: { version: '1.2', creator, pages: [], entries: har } };
  return Buffer.from(JSON.stringify(log, null, 1));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The entry with its bodies inline (text as text, other bytes as base64) and Playwright's own fields left out. */
function withBodies(entry: Record<string, any>, files: Map<string, Buffer>): Record<string, any> {
  const { _frameref, _monotonicTime, ...rest } = entry;
  void _frameref;
  void _monotonicTime;
  // Playwright names a body's file in `_file` (`resources/<sha1>.<ext>`); older versions gave `_sha1`.
  const body = (ref: { _file?: unknown; _sha1?: unknown }) => {
    const name = typeof ref._file === 'string' ? ref._file : typeof ref._sha1 === 'string' ? ref._sha1 : undefined;
    return name === undefined ? undefined : (files.get(name) ?? files.get(`resources/${name}`));
  };
  const inline = (bytes: Buffer | undefined): { text: string; encoding?: 'base64' } | undefined => {
    if (!bytes) return undefined;
    try {
      return { text: utf8.decode(bytes) };
    } catch {
      return { text: bytes.toString('base64'), encoding: 'base64' };
    }
  };
  const request = { ...rest.request };
  if (request.postData) {
    const { _sha1, _file, ...postData } = request.postData;
    const text = inline(body({ _sha1, _file }));
    request.postData = { ...postData, ...(text && { text: text.text }) };
  }
  const response = { ...rest.response };
  if (response.content) {
    const { _sha1, _file, ...content } = response.content;
    response.content = { ...content, ...inline(body({ _sha1, _file })) };
  }
  return { ...rest, request, response };
}

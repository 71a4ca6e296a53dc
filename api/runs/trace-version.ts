import type { Readable } from 'node:stream';
import yauzl, { type Entry } from 'yauzl';

/** The playwright-core version that recorded a trace zip (its context-options event), or undefined. */
export async function traceRecordedWith(stream: Readable): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const zip = await yauzl.fromBufferPromise(Buffer.concat(chunks), { lazyEntries: true });
  try {
    for (let entry: Entry | null; (entry = await next(zip));) {
      if (!entry.fileName.endsWith('.trace')) continue;
      return versionIn(await head(await zip.openReadStreamPromise(entry), 64 * 1024));
    }
    return undefined;
  } finally {
    zip.close();
  }
}

/** The event opens the log, so its first lines are enough. */
function versionIn(log: string): string | undefined {
  for (const line of log.split('\n', 20)) {
    try {
      const event = JSON.parse(line) as { type?: string; playwrightVersion?: unknown };
      if (event.type === 'context-options' && typeof event.playwrightVersion === 'string')
        return event.playwrightVersion.slice(0, 40);
    } catch {
      // a line cut at the limit, or not an event
    }
  }
  return undefined;
}

async function head(stream: Readable, bytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    read += (chunk as Buffer).length;
    if (read >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

function next(zip: yauzl.ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const done = () => (zip.off('entry', onEntry), zip.off('end', onEnd), zip.off('error', onError));
    const onEntry = (entry: Entry) => (done(), resolve(entry));
    const onEnd = () => (done(), resolve(null));
    const onError = (error: Error) => (done(), reject(error));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

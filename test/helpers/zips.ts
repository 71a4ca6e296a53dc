import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** What goes into a test archive: bytes, or a count of zero bytes streamed (for zip bombs). */
export type ZipContent = Buffer | string | { zeros: number };

/** Builds a zip in memory with yazl, the way a packaging tool would (deflated entries). */
export async function buildZip(entries: Array<[string, ZipContent]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) {
    // Level 1 deflates zeros several times faster than the default and still ~230:1.
    if (typeof content === 'object' && 'zeros' in content)
      zip.addReadStream(zeros(content.zeros), name, { compressionLevel: 1 });
    else zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function zeros(bytes: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/** A minimal APK shape: a manifest and a dex at the root. */
export const apkZip = () =>
  buildZip([
    ['AndroidManifest.xml', '<?xml version="1.0"?><manifest package="com.example.app"/>'],
    ['classes.dex', Buffer.concat([Buffer.from('dex\n035\0'), Buffer.alloc(2000, 1)])],
    ['res/layout/main.xml', '<LinearLayout/>'],
  ]);

/** A minimal IPA shape: an app bundle with its Info.plist under Payload/. */
export const ipaZip = () =>
  buildZip([
    ['Payload/Example.app/Info.plist', '<?xml version="1.0"?><plist version="1.0"><dict/></plist>'],
    ['Payload/Example.app/Example', Buffer.alloc(4000, 2)],
  ]);

/** Rewrites every occurrence of one entry name (same length) in a built archive, e.g. into `../evil`. */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have the same length');
  const out = Buffer.from(zip);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + 1)) out.write(to, at, 'latin1');
  return out;
}

/** Makes the central directory under-declare one entry's uncompressed size (a lying header). */
export function underDeclare(zip: Buffer, name: string, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (
    let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    at !== -1;
    at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
  ) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('latin1', at + 46, at + 46 + nameLength) === name) out.writeUInt32LE(declared, at + 24);
  }
  return out;
}

/** Every entry of a zip, read into memory. */
export async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('entry', async (entry: yauzl.Entry) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      entries.set(entry.fileName, Buffer.concat(chunks));
      file.readEntry();
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}

/**
 * A trace zip opened with the tooling playwright-core ships (`trace open`, the parser show-trace
 * uses): its action list, and the frame of an action. Removed by `close`.
 */
export async function openTrace(zip: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'qa-trace-test-'));
  const cli = join(dirname(require.resolve('playwright-core/package.json')), 'cli.js');
  const exec = (...args: string[]) => promisify(execFile)(process.execPath, [cli, 'trace', ...args], { cwd: dir });
  try {
    await writeFile(join(dir, 'trace.zip'), zip);
    await exec('open', 'trace.zip');
    const { stdout: actions } = await exec('actions');
    return {
      actions,
      /** The screenshot the viewer shows for action number `action` (PNG). */
      async screenshot(action: string): Promise<Buffer> {
        await exec('screenshot', action, '-o', join(dir, 'frame.png'));
        return readFile(join(dir, 'frame.png'));
      },
      close: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

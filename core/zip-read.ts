import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** One file of a zip, decompressed. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Every file of a zip held in memory (a Run's trace), decompressed, in order. */
export async function readZip(zip: Buffer): Promise<ZipEntry[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries: ZipEntry[] = [];
  try {
    for (let entry: Entry | null; (entry = await nextEntry(file));) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await file.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
    }
  } finally {
    file.close();
  }
  return entries;
}

function nextEntry(file: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      file.off('entry', onEntry);
      file.off('end', onEnd);
      file.off('error', onError);
    };
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (error: Error) => (cleanup(), reject(error));
    file.on('entry', onEntry);
    file.on('end', onEnd);
    file.on('error', onError);
    file.readEntry();
  });
}

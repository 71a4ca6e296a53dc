import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipEntries } from './zips';

/** Every form a secret takes on its way through a browser, a form post, a JSON body or a header. */
export function secretForms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams([['', secret]]).toString().slice(1),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
  ];
}

export interface SecretWatch {
  /** Ends the watch after one last pass over every directory; answers every hit seen (file, or zip!entry). */
  stop(): Promise<string[]>;
  /** Completed passes over the fast directories so far. */
  readonly passes: number;
}

export interface WatchedDirs {
  /** Searched every `everyMs` (100 ms): where a file may hold a secret for a moment (temporary files, storage). */
  fast: string[];
  /** Searched every `slowEveryMs` (1 s) and at the end: databases, whose files are large and whose writes last. */
  slow?: string[];
  everyMs?: number;
  slowEveryMs?: number;
}

/**
 * Watches directories for any form of the given secrets while something runs, the way an auditor
 * would: `grep -r` over every file, plus every entry of every zip found (a trace is a zip). Files
 * that vanish between the listing and the read are skipped: a pass sees what exists at that moment.
 */
export function watchForSecrets(dirs: WatchedDirs, secrets: string[]): SecretWatch {
  const patternsDir = mkdtempSync(join(tmpdir(), 'qa-watch-patterns-'));
  const patternsFile = join(patternsDir, 'patterns');
  const needles = [...new Set(secrets.flatMap(secretForms))];
  writeFileSync(patternsFile, `${needles.join('\n')}\n`);
  const hits = new Set<string>();
  let stopped = false;
  let passes = 0;
  // A zip is searched again only when it changed: a pass stays short however many traces are stored.
  const searched = new Map<string, string>();
  const pass = async (roots: string[]) => {
    for (const file of await grepFiles(roots, patternsFile)) hits.add(file);
    for (const zip of roots.flatMap(zipsUnder)) {
      const version = versionOf(zip);
      if (!version || searched.get(zip) === version) continue;
      searched.set(zip, version);
      for (const hit of await zipHits(zip, needles)) hits.add(hit);
    }
  };
  // Two loops, so a slow pass over a database never delays the next look at the temporary files.
  const every = async (roots: string[], ms: number, counted: boolean) => {
    while (!stopped) {
      const started = Date.now();
      await pass(roots);
      if (counted) passes += 1;
      await new Promise((r) => setTimeout(r, Math.max(0, ms - (Date.now() - started))));
    }
  };
  const loops = Promise.all([
    every(dirs.fast, dirs.everyMs ?? 100, true),
    ...(dirs.slow?.length ? [every(dirs.slow, dirs.slowEveryMs ?? 1000, false)] : []),
  ]);
  return {
    get passes() {
      return passes;
    },
    async stop() {
      stopped = true;
      await loops;
      await pass([...dirs.fast, ...(dirs.slow ?? [])]);
      rmSync(patternsDir, { recursive: true, force: true });
      return [...hits];
    },
  };
}

/** Files under `roots` holding any pattern: `grep -r -l -a -F` (binary files searched as text). */
function grepFiles(roots: string[], patternsFile: string): Promise<string[]> {
  const existing = roots.filter(exists);
  if (!existing.length) return Promise.resolve([]);
  return new Promise((resolve) => {
    execFile(
      'grep',
      ['-r', '-l', '-a', '-F', '--no-messages', '-f', patternsFile, '--', ...existing],
      { maxBuffer: 16 * 1024 * 1024 },
      // Exit 1: no match; 2: a file vanished while read. The listed files are hits either way.
      (_error, stdout) => resolve(stdout.split('\n').filter(Boolean)),
    );
  });
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function versionOf(path: string): string | undefined {
  try {
    const { size, mtimeMs, ino } = statSync(path);
    return `${ino}:${size}:${mtimeMs}`;
  } catch {
    return undefined;
  }
}

function zipsUnder(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith('.zip')).map((name) => join(root, name));
}

async function zipHits(path: string, needles: string[]): Promise<string[]> {
  let entries: Map<string, Buffer>;
  try {
    entries = await zipEntries(await readFile(path));
  } catch {
    return []; // gone, or still being written
  }
  return [...entries]
    .filter(([, data]) => needles.some((needle) => data.includes(needle)))
    .map(([name]) => `${path}!${name}`);
}

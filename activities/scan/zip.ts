import { posix } from 'node:path';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ArtifactPlatform } from '../../workflows/contracts';
import { Findings, quoted } from './findings';

/** Bounds of a sane mobile archive. A real APK or IPA sits far inside every one of them. */
export const zipLimits = {
  maxEntries: 100_000,
  /** Declared and actually inflated, over all entries. */
  maxUncompressedBytes: 4 * 1024 ** 3,
  /** Inflated:compressed of one entry; small entries are exempt (tiny files compress oddly). */
  maxEntryRatio: 100,
  maxArchiveRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxSymlinkTargetBytes: 4096,
};

interface Listed {
  entry: Entry;
  name: string;
  symlink: boolean;
}

export interface ArchiveReport {
  entries: number;
  uncompressedBytes: number;
}

/**
 * Checks a stored archive without extracting it: it opens as a zip, names stay inside the
 * archive, sizes and ratios are sane (declared sizes first, then the bytes actually inflated,
 * under a hard cap), CRCs match, and the platform's required files are present.
 * `progress` is called now and then, for activity heartbeats.
 */
export async function inspectArchive(
  path: string,
  archiveBytes: number,
  platform: ArtifactPlatform,
  findings: Findings,
  progress: () => void = () => {},
): Promise<ArchiveReport> {
  let zip: ZipFile;
  try {
    // Names are decoded here, not by yauzl, so a bad name becomes a finding instead of aborting the listing.
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    findings.add('not_a_zip', 'error', `The file does not open as a zip archive (${(error as Error).message}).`);
    return { entries: 0, uncompressedBytes: 0 };
  }
  try {
    if (zip.entryCount > zipLimits.maxEntries) {
      findings.add(
        'too_many_entries',
        'error',
        `The archive has ${zip.entryCount} entries; at most ${zipLimits.maxEntries} are accepted.`,
      );
      return { entries: zip.entryCount, uncompressedBytes: 0 };
    }
    const listed = await list(zip, findings, progress);
    if (!listed) return { entries: zip.entryCount, uncompressedBytes: 0 };
    const declared = listed.reduce((sum, l) => sum + l.entry.uncompressedSize, 0);
    checkDeclaredSizes(listed, declared, archiveBytes, findings);
    checkStructure(
      listed.map((l) => l.name),
      platform,
      findings,
    );
    // Inflating is only worth its cost (and risk) when the declared shape is already acceptable.
    if (!findings.hasError) await inflateAll(zip, listed, findings, progress);
    return { entries: listed.length, uncompressedBytes: declared };
  } finally {
    zip.close();
  }
}

async function list(zip: ZipFile, findings: Findings, progress: () => void): Promise<Listed[] | null> {
  const listed: Listed[] = [];
  const seen = new Set<string>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (listed.length % 1000 === 0) progress();
      const raw = entry.fileNameRaw;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
      // Other tools may read the raw name and ignore the Unicode path field: both must be safe.
      for (const candidate of new Set([name, raw.toString('latin1')])) checkName(candidate, findings);
      const key = name.toLowerCase();
      if (seen.has(key))
        findings.add(
          'duplicate_entry',
          'error',
          `The entry ${quoted(name)} appears more than once; tools disagree on which copy wins.`,
        );
      seen.add(key);
      if (entry.isEncrypted())
        findings.add('encrypted_entry', 'error', `The entry ${quoted(name)} is encrypted and cannot be checked.`);
      else if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        findings.add(
          'unsupported_compression',
          'error',
          `The entry ${quoted(name)} uses compression method ${entry.compressionMethod}; only stored and deflated entries are accepted.`,
        );
      }
      const unixMode = entry.versionMadeBy >> 8 === 3 ? entry.externalFileAttributes >>> 16 : 0;
      listed.push({ entry, name, symlink: (unixMode & 0o170000) === 0o120000 });
    }
  } catch (error) {
    findings.add('corrupt_archive', 'error', `The archive's directory is damaged (${(error as Error).message}).`);
    return null;
  }
  return listed;
}

function checkName(name: string, findings: Findings): void {
  const problem = !name
    ? 'is empty'
    : /[\u0000-\u001f]/.test(name)
      ? 'contains control characters'
      : yauzl.validateFileName(name);
  if (problem)
    findings.add(
      'path_escape',
      'error',
      `The entry name ${quoted(name)} is not a safe relative path (${problem.replace(/: .*$/s, '')}).`,
    );
}

function checkDeclaredSizes(listed: Listed[], declared: number, archiveBytes: number, findings: Findings): void {
  if (declared > zipLimits.maxUncompressedBytes) {
    findings.add(
      'uncompressed_too_large',
      'error',
      `The archive declares ${declared} bytes uncompressed; at most ${zipLimits.maxUncompressedBytes} are accepted.`,
    );
  }
  for (const { entry, name } of listed) {
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > zipLimits.ratioFloorBytes && ratio > zipLimits.maxEntryRatio) {
      findings.add(
        'compression_ratio',
        'error',
        `The entry ${quoted(name)} inflates ${Math.round(ratio)}:1 (${entry.uncompressedSize} bytes); more than ${zipLimits.maxEntryRatio}:1 looks like a zip bomb.`,
      );
    }
  }
  const ratio = declared / Math.max(archiveBytes, 1);
  if (declared > 64 * zipLimits.ratioFloorBytes && ratio > zipLimits.maxArchiveRatio) {
    findings.add(
      'compression_ratio',
      'error',
      `The archive inflates ${Math.round(ratio)}:1 overall; more than ${zipLimits.maxArchiveRatio}:1 looks like a zip bomb.`,
    );
  }
}

function checkStructure(names: string[], platform: ArtifactPlatform, findings: Findings): void {
  if (platform === 'android') {
    if (!names.includes('AndroidManifest.xml'))
      findings.add('missing_manifest', 'error', 'An APK must have AndroidManifest.xml at its root.');
    if (!names.some((n) => /^classes\d*\.dex$/.test(n)))
      findings.add('missing_dex', 'error', 'An APK must have at least one classes*.dex at its root.');
    return;
  }
  const apps = new Set(names.map((n) => /^Payload\/([^/]+\.app)\/Info\.plist$/.exec(n)?.[1]).filter(Boolean));
  if (!apps.size) findings.add('missing_info_plist', 'error', 'An IPA must have Payload/<name>.app/Info.plist.');
  if (apps.size > 1)
    findings.add(
      'multiple_apps',
      'warning',
      `The IPA holds ${apps.size} apps under Payload/; runners install the first.`,
    );
}

/**
 * Reads every entry through the inflater, counting the bytes that really come out: declared
 * sizes can lie, and entries can overlap. yauzl stops an entry that runs past its declared
 * size; the running total stops the archive at the hard cap whatever the headers say.
 */
async function inflateAll(zip: ZipFile, listed: Listed[], findings: Findings, progress: () => void): Promise<void> {
  let total = 0;
  for (const [index, { entry, name, symlink }] of listed.entries()) {
    if (index % 200 === 0) progress();
    if (name.endsWith('/') && entry.uncompressedSize === 0) continue;
    let crc = 0;
    const head: Buffer[] = [];
    try {
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > zipLimits.maxUncompressedBytes) {
          (stream as unknown as { destroy(): void }).destroy();
          findings.add(
            'uncompressed_too_large',
            'error',
            `Inflating the archive produced more than ${zipLimits.maxUncompressedBytes} bytes; refused as a zip bomb.`,
          );
          return;
        }
        crc = crc32(chunk, crc);
        if (symlink && Buffer.concat(head).length < zipLimits.maxSymlinkTargetBytes) head.push(chunk);
      }
    } catch (error) {
      const message = (error as Error).message;
      const lied = /too many bytes|not enough bytes/.test(message);
      findings.add(
        lied ? 'entry_size_mismatch' : 'corrupt_entry',
        'error',
        lied
          ? `The entry ${quoted(name)} inflates to a different size than it declares.`
          : `The entry ${quoted(name)} cannot be read (${message}).`,
      );
      if (lied) return; // a lying archive is refused; reading on only costs time
      continue;
    }
    if (crc !== entry.crc32)
      findings.add('crc_mismatch', 'error', `The entry ${quoted(name)} does not match its checksum.`);
    if (symlink) checkSymlink(name, Buffer.concat(head).toString('utf8'), findings);
  }
}

/** A symlink is harmless inside the archive and an escape when it points out of it. */
function checkSymlink(name: string, target: string, findings: Findings): void {
  const resolved = posix.normalize(posix.join(posix.dirname(name), target));
  if (posix.isAbsolute(target) || resolved === '..' || resolved.startsWith('../') || target.includes('\\')) {
    findings.add('path_escape', 'error', `The symbolic link ${quoted(name)} points outside the archive.`);
  }
}

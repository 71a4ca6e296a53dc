import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { artifactRepository } from '../../db/repositories/artifacts';
import type { ArtifactIntent } from '../../db/entities/artifacts';
import { scanResult } from '../../domain/artifacts/scan-result';
import {
  ARTIFACT_MISSING,
  type ArtifactScanInput,
  type ArtifactScanResult,
  type ScanActivities,
} from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import type { MediaStorage } from '../../core/storage';
import { Findings } from './findings';
import { inspectArchive } from './zip';

/** Named in every result, so a verdict can be traced to the rules that produced it. */
export const SCANNER = 'builtin-zip-scanner/1';

/** Activities of the orchestration queue that read uploaded artifacts. */
export function scanActivities({ db, storage }: Pick<ActivityDeps, 'db' | 'storage'>): ScanActivities {
  return {
    /**
     * Reads the stored object once (hashing it into a private temporary file), checks it against
     * its upload intent and as an archive, and records the verdict. Idempotent: a recorded scan
     * is returned as it is.
     */
    async scanArtifact(input: ArtifactScanInput): Promise<ArtifactScanResult> {
      const recorded = await artifactRepository.scan(db.manager, input.orgId, input.storageId);
      if (recorded) return scanResult(recorded);
      const intent = await artifactRepository.intentByStorageId(db.manager, input.orgId, input.storageId);
      if (!intent || !(await storage.exists(intent.storageKey))) {
        throw ApplicationFailure.nonRetryable(`nothing is stored under ${input.storageId}`, ARTIFACT_MISSING);
      }
      const dir = await mkdtemp(join(tmpdir(), 'qa-scan-'));
      try {
        const file = join(dir, 'artifact');
        const copied = await copyOut(storage, intent.storageKey, file, intent.declaredBytes);
        const findings = new Findings();
        compareWithIntent(input, intent, copied.bytes, findings);
        if (copied.bytes === intent.declaredBytes) {
          const report = await inspectArchive(file, copied.bytes, intent.platform, findings, heartbeat);
          if (report.entries)
            findings.add(
              'archive_summary',
              'info',
              `${report.entries} entries, ${report.uncompressedBytes} bytes uncompressed.`,
            );
        }
        const scan = await artifactRepository.recordScan(db.manager, {
          storageId: intent.storageId,
          orgId: intent.orgId,
          status: findings.hasError ? 'rejected' : 'clean',
          sha256: copied.sha256,
          byteSize: copied.bytes,
          contentType: intent.contentType,
          scanner: SCANNER,
          findings: findings.list(),
          fileName: input.fileName,
          createdAt: Date.now(),
        });
        return scanResult(scan);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

function heartbeat() {
  Context.current().heartbeat();
}

/**
 * Streams the object to `file`, hashing all of it but writing at most `limit` bytes: an object
 * larger than its intent (only possible if storage was written around the upload URL) costs
 * reading time, never disk.
 */
async function copyOut(
  storage: MediaStorage,
  key: string,
  file: string,
  limit: number,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const out = createWriteStream(file, { flags: 'wx' });
  let bytes = 0;
  let lastBeat = Date.now();
  await pipeline(
    await storage.read(key),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        const room = Math.max(0, limit - bytes);
        bytes += chunk.length;
        if (Date.now() - lastBeat > 5000) {
          lastBeat = Date.now();
          heartbeat();
        }
        if (room === 0) return done();
        out.write(chunk.subarray(0, room), done);
      },
      final(done) {
        out.end(done);
      },
      destroy(error, done) {
        out.destroy();
        done(error);
      },
    }),
  );
  return { sha256: hash.digest('hex'), bytes };
}

function compareWithIntent(input: ArtifactScanInput, intent: ArtifactIntent, bytes: number, findings: Findings): void {
  if (bytes !== intent.declaredBytes) {
    findings.add(
      'size_mismatch',
      'error',
      `The stored object has ${bytes} bytes; the upload intent declared ${intent.declaredBytes}.`,
    );
  }
  if (input.contentType !== intent.contentType) {
    findings.add(
      'content_type_mismatch',
      'error',
      `The scan names content type ${input.contentType}; the upload intent declared ${intent.contentType}.`,
    );
  }
  if (input.platform !== intent.platform) {
    findings.add(
      'platform_mismatch',
      'error',
      `The scan names platform ${input.platform}; the upload intent declared ${intent.platform}.`,
    );
  }
  const extension = intent.platform === 'android' ? '.apk' : '.ipa';
  if (!input.fileName.toLowerCase().endsWith(extension)) {
    findings.add('file_name', 'warning', `The file name does not end in ${extension}.`);
  }
}

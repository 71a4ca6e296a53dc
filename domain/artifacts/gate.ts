import type { EntityManager } from 'typeorm';
import { artifactRepository } from '../../db/repositories/artifacts';
import { AppError } from '../../core/errors';
import type { Targets } from '../../core/runs';

const uploadPlatforms = ['android', 'ios'] as const;

/**
 * Refuses Runs whose mobile targets name an uploaded artifact without a clean scan in the
 * caller's organization. Another organization's storage id reads as not scanned, so its
 * existence is never revealed.
 */
export const artifactGate = {
  async check(db: EntityManager, orgId: string, targets: Targets[]): Promise<void> {
    const named = new Map<string, string>();
    for (const target of targets) {
      for (const platform of uploadPlatforms) {
        const storageId = target[platform]?.storageId;
        if (typeof storageId === 'string') named.set(storageId, platform);
      }
    }
    if (!named.size) return;
    const statuses = await artifactRepository.scanStatuses(db, orgId, [...named.keys()]);
    const blocked = [...named]
      .filter(([storageId]) => statuses.get(storageId) !== 'clean')
      .map(([storageId, platform]) => ({ platform, storageId, scan: statuses.get(storageId) ?? 'none' }));
    if (!blocked.length) return;
    const list = blocked.map(
      (b) =>
        `targets.${b.platform}.storageId ${b.storageId} (${b.scan === 'rejected' ? 'scan rejected' : 'not scanned'})`,
    );
    throw new AppError(
      'FAILED_PRECONDITION',
      `no clean artifact scan for ${list.join(', ')}; upload the artifact and call POST /api/artifacts/scan until its status is clean`,
      { artifacts: blocked },
    );
  },
};

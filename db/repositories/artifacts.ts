import { In, IsNull, type EntityManager } from 'typeorm';
import { isDuplicateKey } from './query';
import {
  ArtifactIntentEntity,
  ArtifactScanEntity,
  type ArtifactIntent,
  type ArtifactScan,
} from '../entities/artifacts';

export const artifactRepository = {
  async insertIntent(db: EntityManager, intent: ArtifactIntent) {
    await db.getRepository(ArtifactIntentEntity).insert(intent);
  },

  async intent(db: EntityManager, orgId: string, id: string): Promise<ArtifactIntent | null> {
    return db.getRepository(ArtifactIntentEntity).findOneBy({ orgId, id });
  },

  async intentByStorageId(db: EntityManager, orgId: string, storageId: string): Promise<ArtifactIntent | null> {
    return db.getRepository(ArtifactIntentEntity).findOneBy({ orgId, storageId });
  },

  /** For the signed upload route, which has no credential: the signature was made over this key. */
  async intentByStorageKey(db: EntityManager, storageKey: string): Promise<ArtifactIntent | null> {
    return db.getRepository(ArtifactIntentEntity).findOneBy({ storageKey });
  },

  /** Marks the intent used; false when another upload got there first (the once-only rule). */
  async claimUpload(db: EntityManager, id: string, now: number): Promise<boolean> {
    const result = await db
      .getRepository(ArtifactIntentEntity)
      .update({ id, uploadedAt: IsNull() }, { uploadedAt: now });
    return result.affected === 1;
  },

  /** Undoes a claim whose bytes could not be stored, so the client may try again. */
  async releaseUpload(db: EntityManager, id: string) {
    await db.getRepository(ArtifactIntentEntity).update({ id }, { uploadedAt: null });
  },

  async scan(db: EntityManager, orgId: string, storageId: string): Promise<ArtifactScan | null> {
    return db.getRepository(ArtifactScanEntity).findOneBy({ orgId, storageId });
  },

  /** Records a scan once; a retried activity gets the row already written. */
  async recordScan(db: EntityManager, scan: ArtifactScan): Promise<ArtifactScan> {
    try {
      await db.getRepository(ArtifactScanEntity).insert(scan);
      return scan;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return (await this.scan(db, scan.orgId, scan.storageId))!;
    }
  },

  /** The scan status of each of these storage ids that has a scan in this organization. */
  async scanStatuses(
    db: EntityManager,
    orgId: string,
    storageIds: string[],
  ): Promise<Map<string, ArtifactScan['status']>> {
    if (!storageIds.length) return new Map();
    const rows = await db.getRepository(ArtifactScanEntity).find({
      select: { storageId: true, status: true },
      where: { orgId, storageId: In(storageIds) },
    });
    return new Map(rows.map((r) => [r.storageId, r.status]));
  },
};

import { EntitySchema } from 'typeorm';
import { column } from './json';

const { ref, ms } = column;

export type ArtifactPlatform = 'android' | 'ios';

/** A promise to accept one upload of exactly `declaredBytes` of `contentType` until `expiresAt`. */
export interface ArtifactIntent {
  id: string;
  orgId: string;
  platform: ArtifactPlatform;
  declaredBytes: number;
  contentType: string;
  storageKey: string;
  storageId: string;
  expiresAt: number;
  uploadedAt: number | null;
  createdAt: number;
}
export const ArtifactIntentEntity = new EntitySchema<ArtifactIntent>({
  name: 'ArtifactIntent',
  tableName: 'artifact_intents',
  columns: {
    id: { ...ref, primary: true },
    orgId: { ...ref, name: 'org_id' },
    platform: { type: 'varchar', length: 20 },
    declaredBytes: { ...ms, name: 'declared_bytes' },
    contentType: { type: 'varchar', length: 100, name: 'content_type' },
    storageKey: { type: 'varchar', length: 500, name: 'storage_key' },
    storageId: { ...ref, name: 'storage_id' },
    expiresAt: { ...ms, name: 'expires_at' },
    uploadedAt: { ...ms, name: 'uploaded_at', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
  },
});

export interface ScanFinding {
  code: string;
  severity: 'info' | 'warning' | 'error';
  message: string;
}

/** The recorded verdict on one uploaded artifact; written once, never updated. */
export interface ArtifactScan {
  storageId: string;
  orgId: string;
  status: 'clean' | 'rejected';
  sha256: string;
  byteSize: number;
  contentType: string;
  scanner: string;
  findings: ScanFinding[];
  fileName: string;
  createdAt: number;
}
export const ArtifactScanEntity = new EntitySchema<ArtifactScan>({
  name: 'ArtifactScan',
  tableName: 'artifact_scans',
  columns: {
    storageId: { ...ref, name: 'storage_id', primary: true },
    orgId: { ...ref, name: 'org_id' },
    status: { type: 'varchar', length: 20 },
    sha256: { type: 'char', length: 64 },
    byteSize: { ...ms, name: 'byte_size' },
    contentType: { type: 'varchar', length: 100, name: 'content_type' },
    scanner: { type: 'varchar', length: 100 },
    findings: column.json,
    fileName: { type: 'varchar', length: 255, name: 'file_name' },
    createdAt: { ...ms, name: 'created_at' },
  },
});

export const artifactEntities = [ArtifactIntentEntity, ArtifactScanEntity];

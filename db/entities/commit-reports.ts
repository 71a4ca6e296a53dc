import { EntitySchema } from 'typeorm';
import { column } from './json';

const { id, ref, ms } = column;

/**
 * An organization's connection to GitHub (a token, or a GitHub App: id and private key; the
 * installation is the repository's, or the one given) or to GitLab (a token). Secrets sealed
 * (context `scm:<id>`). At most one per provider.
 */
export interface CommitConnection {
  id: string;
  orgId: string;
  provider: 'github' | 'gitlab';
  apiUrl: string;
  authKind: 'token' | 'app';
  tokenSealed: string | null;
  appId: string | null;
  privateKeySealed: string | null;
  installationId: number | null;
  checkName: string;
  createdAt: number;
  updatedAt: number;
}
export const CommitConnectionEntity = new EntitySchema<CommitConnection>({
  name: 'CommitConnection',
  tableName: 'commit_connections',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    provider: { type: 'varchar', length: 20 },
    apiUrl: { type: 'varchar', length: 500, name: 'api_url' },
    authKind: { type: 'varchar', length: 10, name: 'auth_kind' },
    tokenSealed: { type: 'varchar', length: 2000, name: 'token_sealed', nullable: true },
    appId: { type: 'varchar', length: 40, name: 'app_id', nullable: true },
    privateKeySealed: { type: 'text', name: 'private_key_sealed', nullable: true },
    installationId: { type: 'bigint', name: 'installation_id', nullable: true, transformer: column.ms.transformer },
    checkName: { type: 'varchar', length: 100, name: 'check_name' },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

/** What a plan group put on its commit: the check run it created and the stage it last reported. */
export interface CommitReport {
  planGroupId: string;
  orgId: string;
  repository: string;
  commitSha: string;
  checkRunId: number | null;
  stage: string;
  createdAt: number;
  updatedAt: number;
}
export const CommitReportEntity = new EntitySchema<CommitReport>({
  name: 'CommitReport',
  tableName: 'commit_reports',
  columns: {
    planGroupId: { ...ref, primary: true, name: 'plan_group_id' },
    orgId: { ...ref, name: 'org_id' },
    repository: { type: 'varchar', length: 200 },
    commitSha: { type: 'varchar', length: 64, name: 'commit_sha' },
    checkRunId: { type: 'bigint', name: 'check_run_id', nullable: true, transformer: column.ms.transformer },
    stage: { type: 'varchar', length: 20 },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export const commitReportEntities = [CommitConnectionEntity, CommitReportEntity];

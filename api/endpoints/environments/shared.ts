import type { EntityManager } from 'typeorm';
import type { Environment } from '../../../db/entities';
import { environmentRepository } from '../../../db/repositories/environments';
import { environmentView } from '../../presenters/catalog';

/** Environments as the API shows them: the names of their runtime values read (never the values), then shaped. */
export async function presentEnvironments(db: EntityManager, rows: Environment[]) {
  const names = await environmentRepository.valueNames(
    db,
    rows.map((e) => e.id),
  );
  return rows.map((e) => environmentView(e, names.get(e.id) ?? []));
}

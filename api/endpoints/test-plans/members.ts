import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { AppError } from '../../../core/errors';
import { idOf as id } from '../../../core/ids';

export const testCaseIds = z
  .array(id('tc'))
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, 'a Test Case may appear only once in a plan')
  .meta({ uniqueItems: true })
  .describe('Ordered member Test Case ids.');

/** Every member must be a Test Case of this organization; returns their names by id. */
export async function resolveMembers(db: EntityManager, orgId: string, ids: string[]): Promise<Map<string, string>> {
  const found = await testCaseRepository.getMany(db, orgId, ids);
  const names = new Map(found.map((c) => [c.id, c.name]));
  const missing = ids.filter((i) => !names.has(i));
  if (missing.length)
    throw new AppError('NOT_FOUND', `Test Case(s) not found: ${missing.join(', ')}`, { missingTestCaseIds: missing });
  return names;
}

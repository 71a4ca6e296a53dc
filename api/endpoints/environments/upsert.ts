import { z } from 'zod';
import { environmentRepository } from '../../../db/repositories/environments';
import { confirmRequired } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { defineEndpoint } from '../../pipeline/model';
import { environment, recordName } from '../../schemas/catalog';
import { targets as environmentTargets, type TargetPlatform } from '../../../core/runs';
import { slug, variableName } from '../../../core/steps';
import { presentEnvironments } from './shared';

const runtimeValues = z
  .record(variableName, z.string().max(10_000).nullable())
  .refine((r) => Object.keys(r).length <= 100, 'at most 100 runtime values per request')
  .describe('Write-only runtime values by name; null removes one. Values are encrypted at rest and never returned.');

export default defineEndpoint({
  name: 'environment.upsert',
  bindings: { v1: true, mcp: true },
  summary: 'Create an Environment, or update one by slug (overwriting the given targets; requires confirm: true).',
  access: { scope: 'svc:environments:write' },
  idempotency: 'required',
  confirm: 'when_updating_existing',
  body: {
    slug,
    name: recordName.optional(),
    targets: environmentTargets.optional(),
    runtimeValues: runtimeValues.optional(),
  },
  output: environment,
  async handler(input, { db, orgId, deps }) {
    const now = Date.now();
    const seal = (envId: string, name: string, value: string) => deps.secrets.sealValue(envId, name, value);
    const existing = await environmentRepository.bySlug(db, orgId, input.slug, true);
    const values = Object.entries(input.runtimeValues ?? {});

    if (!existing) {
      const row = {
        id: newId('env'),
        orgId,
        slug: input.slug,
        name: input.name ?? input.slug,
        targets: input.targets ?? {},
        createdAt: now,
        updatedAt: now,
      };
      await environmentRepository.insert(db, row);
      for (const [name, value] of values)
        if (value !== null) await environmentRepository.putValue(db, row.id, name, seal(row.id, name, value), now);
      return (await presentEnvironments(db, [row]))[0];
    }

    const names = new Set((await environmentRepository.valueNames(db, [existing.id])).get(existing.id));
    const targets = { ...existing.targets, ...(input.targets ?? {}) };
    const supplied = input.name !== undefined || input.targets !== undefined || values.length > 0;
    if (supplied && input.confirm !== true) {
      const targetChanges = Object.fromEntries(
        Object.entries(input.targets ?? {}).map(([platform, to]) => [
          platform,
          { from: existing.targets[platform as TargetPlatform] ?? null, to },
        ]),
      );
      throw confirmRequired(`Environment ${input.slug} exists; updating it overwrites the given fields.`, {
        slug: input.slug,
        ...(input.name !== undefined ? { name: { from: existing.name, to: input.name } } : {}),
        ...(input.targets ? { targets: targetChanges } : {}),
        ...(values.length
          ? {
              runtimeValues: {
                added: values.filter(([n, v]) => v !== null && !names.has(n)).map(([n]) => n),
                replaced: values.filter(([n, v]) => v !== null && names.has(n)).map(([n]) => n),
                removed: values.filter(([n, v]) => v === null && names.has(n)).map(([n]) => n),
              },
            }
          : {}),
      });
    }
    if (!supplied) return (await presentEnvironments(db, [existing]))[0];

    const updated = { ...existing, name: input.name ?? existing.name, targets, updatedAt: now };
    await environmentRepository.update(db, existing.id, { name: updated.name, targets, updatedAt: now });
    for (const [name, value] of values) {
      if (value === null) await environmentRepository.removeValue(db, existing.id, name);
      else await environmentRepository.putValue(db, existing.id, name, seal(existing.id, name, value), now);
    }
    return (await presentEnvironments(db, [updated]))[0];
  },
});

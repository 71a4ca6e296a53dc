import { z } from 'zod';
import type { ApiKey } from '../../../db/entities';

/** The scope of the Members page: members, keys and the audit trail. */
export const access = { scope: 'svc:org:admin' } as const;

export const keyView = z.object({
  keyId: z.string().describe('The id the key begins with after aut_; never its secret.'),
  name: z.string().nullable().describe('Null for keys made by the admin command.'),
  createdAt: z.number(),
  createdBy: z.string().nullable().describe('"key <id>" or the member who made it; null for the admin command.'),
  lastUsedAt: z.number().nullable().describe('When a request last used it (its secret matched), to within 5 s.'),
  revokedAt: z.number().nullable(),
});

export const presentKey = (k: ApiKey): z.infer<typeof keyView> => ({
  keyId: k.id,
  name: k.name ?? null,
  createdAt: k.createdAt,
  createdBy: k.createdBy ?? null,
  lastUsedAt: k.lastUsedAt ?? null,
  revokedAt: k.revokedAt,
});

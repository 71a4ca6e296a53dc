import { z } from 'zod';
import type { ApiKey } from '../../../db/entities';

/** The scope of the Members page: members, keys and the audit trail. */
export const access = { scope: 'svc:org:admin' } as const;

export const keyView = z.object({
  keyId: z.string().describe('The id the key begins with after aut_; never its secret.'),
  name: z.string().optional().describe('Absent for keys made by the admin command without --name.'),
  createdAt: z.number(),
  createdBy: z.string().optional().describe('"key <id>" or the member who made it; absent for the admin command.'),
  lastUsedAt: z.number().optional().describe('When a request last used it (its secret matched), to within 5 s.'),
  revokedAt: z.number().optional(),
});

export const presentKey = (k: ApiKey): z.infer<typeof keyView> => ({
  keyId: k.id,
  name: k.name ?? undefined,
  createdAt: k.createdAt,
  createdBy: k.createdBy ?? undefined,
  lastUsedAt: k.lastUsedAt ?? undefined,
  revokedAt: k.revokedAt ?? undefined,
});

import { z } from 'zod';
import { environmentRepository } from '../../../db/repositories/environments';
import { noteRepository } from '../../../db/repositories/notes';
import { notFound } from '../../../core/errors';
import { idOf as id, newId } from '../../../core/ids';
import { defineEndpoint } from '../../pipeline/model';
import { findMissingRuns } from './runs-exist';
import { note, plainText } from '../../schemas/catalog';
import { slug } from '../../../core/steps';
import { noteView } from '../../presenters/catalog';

export default defineEndpoint({
  name: 'note.create',
  bindings: { v1: true },
  summary: 'File a plain-text Note on an Environment; cite Runs with runIds.',
  access: { scope: 'svc:notes:write' },
  idempotency: 'required',
  confirm: 'never',
  body: {
    environmentSlug: slug,
    title: plainText(200),
    body: plainText(20_000).describe('Plain text; each newline starts a paragraph.'),
    runIds: z.array(id('run')).max(50).optional().describe('Runs this Note cites.'),
  },
  output: note,
  async handler(input, { db, orgId }) {
    const env = await environmentRepository.bySlug(db, orgId, input.environmentSlug);
    if (!env) throw notFound(`Environment ${input.environmentSlug}`);
    const runIds = [...new Set(input.runIds ?? [])];
    const missing = await findMissingRuns(db, orgId, runIds);
    if (missing.length) throw notFound(`Run(s) ${missing.join(', ')}`);
    const now = Date.now();
    const row = {
      id: newId('note'),
      orgId,
      environmentId: env.id,
      title: input.title,
      body: input.body,
      status: 'open',
      runIds,
      createdAt: now,
      updatedAt: now,
    };
    await noteRepository.insert(db, row);
    return noteView(row, env.slug, []);
  },
});

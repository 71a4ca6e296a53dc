import { environmentRepository } from '../../../db/repositories/environments';
import { noteRepository } from '../../../db/repositories/notes';
import { notFound } from '../../../core/errors';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, listPage, pageOf } from '../../pipeline/model';
import { note, noteStatus } from '../../schemas/catalog';
import { slug } from '../../../core/steps';
import { noteView } from '../../presenters/catalog';

export default defineEndpoint({
  name: 'note.list',
  bindings: { v1: true },
  summary: 'Notes on an Environment, newest first; filter by status.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: { environmentSlug: slug, status: noteStatus.optional(), ...listPage },
  output: pageOf(note),
  async handler(input, { db, orgId }) {
    const env = await environmentRepository.bySlug(db, orgId, input.environmentSlug);
    if (!env) throw notFound(`Environment ${input.environmentSlug}`);
    const filters = { environmentSlug: input.environmentSlug, status: input.status };
    const limit = input.limit ?? DEFAULT_LIMIT;
    const rows = await noteRepository.list(
      db,
      orgId,
      env.id,
      input.status,
      decodeCursor(input.cursor, filters),
      limit + 1,
    );
    const page = pageFrom(rows, limit, filters, (n) => n);
    const comments = await noteRepository.comments(
      db,
      page.items.map((n) => n.id),
    );
    return {
      items: page.items.map((n) => noteView(n, env.slug, comments.get(n.id) ?? [])),
      nextCursor: page.nextCursor,
    };
  },
});

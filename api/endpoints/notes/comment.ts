import { noteRepository, MAX_COMMENTS_PER_NOTE } from '../../../db/repositories/notes';
import { AppError, notFound } from '../../../core/errors';
import { idOf as id, newId } from '../../../core/ids';
import { defineEndpoint } from '../../pipeline/model';
import { noteComment, plainText } from '../../schemas/catalog';
import { commentView } from '../../presenters/catalog';

export default defineEndpoint({
  name: 'note.comment',
  bindings: { v1: true },
  summary: "Add a plain-text comment to a Note's activity thread.",
  access: { scope: 'svc:notes:write' },
  idempotency: 'required',
  confirm: 'never',
  body: { noteId: id('note'), body: plainText(5_000) },
  output: noteComment,
  async handler(input, { db, orgId }) {
    const note = await noteRepository.get(db, orgId, input.noteId, true);
    if (!note) throw notFound(`Note ${input.noteId}`);
    if ((await noteRepository.countComments(db, note.id)) >= MAX_COMMENTS_PER_NOTE) {
      throw new AppError(
        'FAILED_PRECONDITION',
        `Note ${note.id} already has ${MAX_COMMENTS_PER_NOTE} comments; file a new Note`,
      );
    }
    const row = { id: newId('cmt'), orgId, noteId: note.id, body: input.body, createdAt: Date.now() };
    await noteRepository.addComment(db, row);
    return commentView(row);
  },
});

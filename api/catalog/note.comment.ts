import { noteRepository, MAX_COMMENTS_PER_NOTE } from '../../db/repositories/notes';
import { AppError, notFound } from '../../core/errors';
import { idOf as id, newId } from '../../core/ids';
import { defineOperation } from './define';
import { noteComment, plainText } from './schemas';
import { commentView } from '../presenters/catalog';

export default defineOperation({
  name: 'note.comment',
  summary: "Add a plain-text comment to a Note's activity thread.",
  scope: 'svc:notes:write',
  idempotency: 'required',
  confirm: 'never',
  mcp: false,
  input: { noteId: id('note'), body: plainText(5_000) },
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

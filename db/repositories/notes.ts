import type { EntityManager } from 'typeorm';
import { NoteCommentEntity, NoteEntity, type Note, type NoteComment } from '../entities';

/** A note's thread is bounded so a listing stays bounded too. */
export const MAX_COMMENTS_PER_NOTE = 200;

export const noteRepository = {
  async insert(db: EntityManager, row: Note) {
    await db.getRepository(NoteEntity).insert(row);
  },

  async get(db: EntityManager, orgId: string, id: string, lock = false): Promise<Note | null> {
    const qb = db
      .getRepository(NoteEntity)
      .createQueryBuilder('n')
      .where('n.orgId = :orgId AND n.id = :id', { orgId, id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  },

  async list(
    db: EntityManager,
    orgId: string,
    environmentId: string,
    status: string | undefined,
    after: string | null,
    take: number,
  ): Promise<Note[]> {
    const qb = db
      .getRepository(NoteEntity)
      .createQueryBuilder('n')
      .where('n.orgId = :orgId AND n.environmentId = :environmentId', { orgId, environmentId });
    if (status) qb.andWhere('n.status = :status', { status });
    if (after) qb.andWhere('n.id < :after', { after });
    return qb.orderBy('n.id', 'DESC').limit(take).getMany();
  },

  async comments(db: EntityManager, noteIds: string[]): Promise<Map<string, NoteComment[]>> {
    const byNote = new Map<string, NoteComment[]>(noteIds.map((id) => [id, []]));
    if (!noteIds.length) return byNote;
    const rows = await db
      .getRepository(NoteCommentEntity)
      .createQueryBuilder('c')
      .where('c.noteId IN (:...noteIds)', { noteIds })
      .orderBy('c.id', 'ASC')
      .getMany();
    for (const r of rows) byNote.get(r.noteId)!.push(r);
    return byNote;
  },

  async countComments(db: EntityManager, noteId: string): Promise<number> {
    return db.getRepository(NoteCommentEntity).countBy({ noteId });
  },

  async addComment(db: EntityManager, row: NoteComment) {
    await db.getRepository(NoteCommentEntity).insert(row);
    await db.getRepository(NoteEntity).update({ id: row.noteId }, { updatedAt: row.createdAt });
  },
};

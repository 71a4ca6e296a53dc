import type { EntityManager } from 'typeorm';

/** The Appium sessions each mobile runner holds open (see the MobileSessions migration). */
export const mobileSessionRepository = {
  async opened(db: EntityManager, session: { sessionId: string; runner: string; runId: string }): Promise<void> {
    await db.query('INSERT IGNORE INTO mobile_sessions (session_id, runner, run_id, opened_ms) VALUES (?, ?, ?, ?)', [
      session.sessionId,
      session.runner,
      session.runId,
      Date.now(),
    ]);
  },

  async closed(db: EntityManager, sessionId: string): Promise<void> {
    await db.query('DELETE FROM mobile_sessions WHERE session_id = ?', [sessionId]);
  },

  /** The sessions a runner recorded and has not closed (at most 1,000: more would mean many crashes). */
  async openOf(db: EntityManager, runner: string): Promise<string[]> {
    const rows: { session_id: string }[] = await db.query(
      'SELECT session_id FROM mobile_sessions WHERE runner = ? ORDER BY opened_ms LIMIT 1000',
      [runner],
    );
    return rows.map((r) => r.session_id);
  },
};

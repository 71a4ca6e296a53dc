import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A web Run records a video when it asked for one (issue 77 point 5); off for every older Run. */
export class RunVideo1765725000000 implements MigrationInterface {
  name = 'RunVideo1765725000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE runs ADD COLUMN record_video TINYINT(1) NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE runs DROP COLUMN record_video');
  }
}

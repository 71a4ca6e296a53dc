import type { MigrationInterface, QueryRunner } from 'typeorm';

/** On each Run, who accepted its screenshots as the visual baseline and when (JSON, null until accepted). */
export class VisualAcceptance1764500000000 implements MigrationInterface {
  name = 'VisualAcceptance1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE runs ADD COLUMN visual_acceptance MEDIUMTEXT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE runs DROP COLUMN visual_acceptance');
  }
}

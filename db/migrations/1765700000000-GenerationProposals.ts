import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan generation that explores (issue 78): the Environment a generation looks at and proves its
 * cases against, and what it proposes (exploration summary, tried cases, the reason when none is
 * ready). Nullable: generations from words or a diff alone have neither.
 */
export class GenerationProposals1765700000000 implements MigrationInterface {
  name = 'GenerationProposals1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE plan_generations ADD COLUMN environment_id VARCHAR(40) NULL, ADD COLUMN proposal MEDIUMTEXT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE plan_generations DROP COLUMN proposal, DROP COLUMN environment_id');
  }
}

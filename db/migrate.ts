import { loadConfig } from '../core/config';
import { createDataSource } from './data-source';

/** Applies pending migrations; `--revert` undoes the last one. */
async function main() {
  const config = loadConfig();
  const ds = createDataSource(config.DATABASE_URL, 2);
  await ds.initialize();
  try {
    if (process.argv.includes('--revert')) {
      await ds.undoLastMigration({ transaction: 'each' });
      console.log('[migrate] reverted the last migration');
    } else {
      const applied = await ds.runMigrations({ transaction: 'each' });
      console.log(
        `[migrate] ${applied.length} migration(s) applied${applied.length ? ': ' + applied.map((m) => m.name).join(', ') : ''}`,
      );
    }
  } finally {
    await ds.destroy();
  }
}

main().catch((error) => {
  console.error(`[migrate] failed: ${error.message}`);
  process.exit(1);
});

import Koa from 'koa';
import Router from '@koa/router';
import { createPool } from 'mysql2/promise';

/**
 * The benchmark's baseline: a bare Koa route doing one mysql2 primary-key select, so the
 * service's figures read as a ratio of the least any MySQL-backed Koa endpoint costs.
 */
const pool = createPool({ uri: process.env.DATABASE_URL!, connectionLimit: 20 });
const router = new Router();
router.post('/baseline', async (ctx) => {
  const [rows] = await pool.query('SELECT id, name, steps FROM test_cases WHERE id = ?', [process.env.BENCH_CASE_ID]);
  ctx.body = (rows as unknown[])[0] ?? null;
});
const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
// A clean exit on SIGTERM, so a profiled run (BENCH_CPU_PROF) writes the baseline's profile too.
process.on('SIGTERM', () => process.exit(0));

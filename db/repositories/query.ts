import { QueryFailedError, type EntityManager, type EntitySchema } from 'typeorm';

type Statement = (
  options: { sql: string; timeout?: number },
  values: unknown[],
  callback: (error: Error | null, rows: unknown) => void,
) => void;
interface PoolConnection {
  query: Statement;
  execute: Statement;
  release(): void;
}
interface Driver {
  options: { enableQueryTimeout?: boolean; maxQueryExecutionTime?: number };
  pool?: { getConnection(callback: (error: Error | null, connection: PoolConnection) => void): void };
  prepareDbConnection(connection: PoolConnection): PoolConnection;
  obtainMasterConnection(): Promise<PoolConnection>;
}

/**
 * One statement outside a transaction, straight on a pooled mysql2 connection: the hot reads
 * (test_case.get, test_case.list) spent more in TypeORM's query runner (a runner object per
 * statement, logger and subscriber broadcasts, result wrapping) than in the statement itself.
 * Same pool, same per-query timeout and the same QueryFailedError as `db.query`; inside a
 * transaction (the manager has its own runner) it is `db.query`.
 *
 * `prepared`: a server-side prepared statement (mysql2's `execute`, kept per connection), so
 * MariaDB parses and plans it once per connection instead of per request: the MySQL CPU of a
 * `test_case.get` fell from about 129 to 67 µs (`npm run bench -- reads`). Only for statements
 * whose text does not vary with the input (values as `?`, LIMIT too): each distinct text stays
 * prepared on every pooled connection, and the server allows 16,382 in all.
 */
export function readQuery<Row>(db: EntityManager, sql: string, values: unknown[], prepared = false): Promise<Row[]> {
  if (db.queryRunner) return db.query(sql, values);
  const driver = db.connection.driver as unknown as Driver;
  const { enableQueryTimeout, maxQueryExecutionTime } = driver.options;
  const options = { sql, timeout: enableQueryTimeout && maxQueryExecutionTime ? maxQueryExecutionTime : undefined };
  const pool = driver.pool;
  // The pool's callback API as TypeORM's obtainMasterConnection uses it, without its promise.
  return new Promise<Row[]>((resolve, reject) => {
    if (!pool) {
      driver.obtainMasterConnection().then((c) => queryOn(c, prepared, options, values, resolve, reject), reject);
      return;
    }
    pool.getConnection((error, connection) => {
      if (error) reject(error);
      else queryOn(driver.prepareDbConnection(connection), prepared, options, values, resolve, reject);
    });
  });
}

function queryOn<Row>(
  connection: PoolConnection,
  prepared: boolean,
  options: { sql: string; timeout?: number },
  values: unknown[],
  resolve: (rows: Row[]) => void,
  reject: (error: Error) => void,
): void {
  const statement = prepared ? connection.execute : connection.query;
  statement.call(connection, options, values, (error, rows) => {
    connection.release();
    if (error) reject(new QueryFailedError(options.sql, values, error));
    else resolve(rows as Row[]);
  });
}

type Hydrate = (row: Record<string, unknown>) => object;
const hydrators = new WeakMap<object, Hydrate>();

/**
 * Rows of one entity's table, read with `readQuery` and turned into entities by TypeORM's own
 * per-column conversion (the driver's prepareHydratedValue: transformers, booleans), so a hot read
 * returns what `findOneBy`/`getMany` would, without the query builder and its result transformer.
 */
export async function readEntities<T>(
  db: EntityManager,
  entity: EntitySchema<T>,
  sql: string,
  values: unknown[],
  prepared = false,
): Promise<T[]> {
  let hydrate = hydrators.get(entity);
  if (!hydrate) {
    const driver = db.connection.driver;
    const columns = db.connection.getMetadata(entity).columns.map((c) => [c.propertyName, c.databaseName, c] as const);
    hydrate = (row) => {
      const out: Record<string, unknown> = {};
      for (const [property, name, column] of columns)
        if (row[name] !== undefined) out[property] = driver.prepareHydratedValue(row[name], column);
      return out;
    };
    hydrators.set(entity, hydrate);
  }
  return (await readQuery<Record<string, unknown>>(db, sql, values, prepared)).map(hydrate) as T[];
}

/** True when the error is MySQL's duplicate-key error (ER_DUP_ENTRY). */
export function isDuplicateKey(error: unknown): boolean {
  return (
    (error as { code?: string; driverError?: { code?: string } })?.code === 'ER_DUP_ENTRY' ||
    (error as { driverError?: { code?: string } })?.driverError?.code === 'ER_DUP_ENTRY'
  );
}

/** True when InnoDB chose this transaction as a deadlock victim: retrying is safe. */
export function isDeadlock(error: unknown): boolean {
  const code =
    (error as { code?: string; driverError?: { code?: string } })?.code ??
    (error as { driverError?: { code?: string } })?.driverError?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

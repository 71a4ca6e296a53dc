import { QueryFailedError, type EntityManager } from 'typeorm';

interface PoolConnection {
  query(
    options: { sql: string; timeout?: number },
    values: unknown[],
    callback: (error: Error | null, rows: unknown) => void,
  ): void;
  release(): void;
}
interface Driver {
  options: { enableQueryTimeout?: boolean; maxQueryExecutionTime?: number };
  obtainMasterConnection(): Promise<PoolConnection>;
}

/**
 * One statement outside a transaction, straight on a pooled mysql2 connection: the hot reads
 * (test_case.get, test_case.list) spent more in TypeORM's query runner (a runner object per
 * statement, logger and subscriber broadcasts, result wrapping) than in the statement itself.
 * Same pool, same per-query timeout and the same QueryFailedError as `db.query`; inside a
 * transaction (the manager has its own runner) it is `db.query`.
 */
export async function readQuery<Row>(db: EntityManager, sql: string, values: unknown[]): Promise<Row[]> {
  if (db.queryRunner) return db.query(sql, values);
  const driver = db.connection.driver as unknown as Driver;
  const { enableQueryTimeout, maxQueryExecutionTime } = driver.options;
  const options = { sql, timeout: enableQueryTimeout && maxQueryExecutionTime ? maxQueryExecutionTime : undefined };
  const connection = await driver.obtainMasterConnection();
  return new Promise<Row[]>((resolve, reject) => {
    connection.query(options, values, (error, rows) => {
      connection.release();
      if (error) reject(new QueryFailedError(sql, values, error));
      else resolve(rows as Row[]);
    });
  });
}

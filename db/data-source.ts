import { DataSource } from 'typeorm';
import { allEntities } from './entities/all';
import { migrations } from './migrations';

/**
 * One DataSource per process; `synchronize` stays off: the schema is the migrations'.
 * `queryTimeoutMs` bounds each query (the connection is dropped after it), so a hung server
 * cannot hold the pool forever; migrations run without it.
 */
export function createDataSource(url: string, poolSize = 20, queryTimeoutMs?: number, queueLimit = 0): DataSource {
  return new DataSource({
    type: 'mysql',
    url,
    entities: allEntities,
    migrations,
    synchronize: false,
    logging: false,
    charset: 'utf8mb4_unicode_ci',
    // Ids and epoch milliseconds must not be mangled into Dates or floats.
    supportBigNumbers: true,
    bigNumberStrings: true,
    ...(queryTimeoutMs ? { enableQueryTimeout: true, maxQueryExecutionTime: queryTimeoutMs } : {}),
    // A server that accepts TCP but never answers the handshake (stopped, overloaded) fails fast.
    // queueLimit bounds the requests waiting for a connection: past it, a burst is refused at once (503).
    extra: { connectionLimit: poolSize, waitForConnections: true, queueLimit, connectTimeout: 5_000 },
  });
}

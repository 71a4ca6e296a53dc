import type { ChildProcess } from 'node:child_process';

export { freePort, isPortFree, canConnect } from './ports';

/** How a started service ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A service process started (or reused) by startMariadb or startTemporal. */
export interface StartedService {
  pid: number;
  exited: Promise<Exit>;
  /** SIGTERM to the process group, SIGKILL after the service's grace time. */
  stop(): Promise<void>;
}

/** See mariadb.js: a private MariaDB on 127.0.0.1:`port` with the database `database` (default qa). */
export function startMariadb(options: {
  dataDir: string;
  port: number;
  logFile?: string;
  database?: string;
  timeoutMs?: number;
}): Promise<StartedService & { url: string; port: number; socket: string }>;

/** See mariadb.js: a MariaDB for one run in `dir`, tried three times on fresh ports and data dirs. */
export function startThrowawayMariadb(
  dir: string,
  options?: { say?: (message: string) => void },
): Promise<StartedService & { url: string; port: number; socket: string; dataDir: string; logFile: string }>;

/** See temporal.js: a Temporal dev server on 127.0.0.1:`port`, in memory unless `dbFile` is given. */
export function startTemporal(options: {
  bin?: string;
  port: number;
  uiPort?: number | null;
  dbFile?: string | null;
  logFile?: string;
  namespace?: string;
  timeoutMs?: number;
}): Promise<StartedService & { address: string; uiUrl: string | null }>;

/** See node-children.js: a TypeScript entry point as a tracked child with prefixed output. */
export function runNode(
  script: string,
  args?: string[],
  env?: Record<string, string | undefined>,
  options?: { name?: string; cwd?: string },
): {
  name: string;
  pid: number | undefined;
  child: ChildProcess;
  exited: Promise<Exit & { error?: Error }>;
  stop(timeoutMs?: number): Promise<void>;
};

/** The search attributes the dev server is started with, as `name=type`. */
export function loadSearchAttributes(file?: string): string[];

/** The repository root. */
export const ROOT: string;

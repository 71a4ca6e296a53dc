import type { ChildProcess } from 'node:child_process';
import type { StartedService, runNode, startMariadb, startTemporal } from './services';
import type { StartedAppium, startAppium } from './appium';

type Started<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** What a Stack keeps: anything it can stop; a process also says when it ended. */
export interface Service {
  stop(): Promise<void>;
  exited?: Promise<{ code: number | null; signal: string | null; error?: Error }>;
}

/** See stack.js: the one launcher of MariaDB, Temporal, Appium, the API and the worker. */
export class Stack {
  constructor(options?: { say?: (message: string) => void });
  /** The services started, in start order. */
  readonly entries: ReadonlyArray<{ name: string; handle: Service }>;
  /** Set while (and after) the stack stops. */
  readonly stopping: boolean;
  /** Called when a watched service ends while the stack is not stopping. */
  onExit: ((name: string, how: string) => void) | null;
  add<T extends Service>(name: string, start: () => Promise<T>, options?: { watch?: boolean }): Promise<T>;
  get<T extends Service = Service>(name: string): T | undefined;
  restart<T extends Service = Service>(name: string): Promise<T>;
  watch(name: string, exited: Service['exited']): void;
  stop(options?: { together?: boolean }): Promise<void>;
  mariadb(options: Parameters<typeof startMariadb>[0]): Promise<Started<typeof startMariadb>>;
  throwawayMariadb(
    dir: string,
    options?: { say?: (message: string) => void },
  ): Promise<StartedService & { url: string; port: number; socket: string; dataDir: string; logFile: string }>;
  temporal(options: Parameters<typeof startTemporal>[0]): Promise<Started<typeof startTemporal>>;
  temporalCluster(options: {
    root: string;
    dir: string;
    temporalCli: string;
    namespace?: string;
    shards?: number;
    historyHosts?: number;
    pgPort?: number;
    watch?: boolean;
  }): Promise<TemporalCluster>;
  appium(options: Parameters<typeof startAppium>[0]): Promise<StartedAppium>;
  node(
    name: string,
    script: string,
    env: Record<string, string | undefined>,
    options?: { prefix?: string; stopMs?: number },
  ): Promise<ReturnType<typeof runNode>>;
  run(
    name: string,
    script: string,
    env: Record<string, string | undefined>,
    options?: { prefix?: string },
  ): Promise<void>;
  waitHealthy(url: string, options?: { timeoutMs?: number; intervalMs?: number; child?: ChildProcess }): Promise<void>;
}

/** See temporal-cluster.js: the four services of a Temporal cluster on PostgreSQL. */
export interface TemporalCluster extends Service {
  address: string;
  namespace: string;
  start(name: string): Promise<unknown>;
  kill(name: string): Promise<void>;
  pid(name: string): number;
}

/** Resolves once GET `url`/healthz answers 200; throws after `timeoutMs` or when `child` exits first. */
export function waitHealthy(
  url: string,
  options?: { timeoutMs?: number; intervalMs?: number; child?: ChildProcess; cancelled?: () => boolean },
): Promise<void>;

/** A port from the environment variable `name`, else `fallback`. */
export function portEnv(name: string, fallback: number): number;

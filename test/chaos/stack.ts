import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { spawnTypeScript } from '../../scripts/lib/node-children';

export const root = path.resolve(__dirname, '..', '..');

// Plain CommonJS shared with scripts/start.js and test/api/hung-dependencies.test.ts.
import * as services from '../../scripts/lib/services';
import type { StartedService } from '../../scripts/lib/services';

export { services };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every process group we started, so that an interrupted suite leaves nothing running. */
const groups = new Set<number>();
process.on('exit', () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

/**
 * One TypeScript process of the service (API or worker), as one node process in its own group
 * with its output in a log file: SIGKILL then reaches exactly it, as a crash would.
 */
export class ServiceProcess {
  child: ChildProcess | null = null;
  /** Set while the suite means the process to be down; an exit outside that is reported. */
  expectedDown = false;
  unexpectedExits: string[] = [];
  private logOffset = 0;

  constructor(
    readonly name: string,
    private readonly script: string,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
    private readonly ready: (since: number) => Promise<boolean>,
  ) {}

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  logSince(offset = this.logOffset): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').slice(offset);
    } catch {
      return '';
    }
  }

  async start(timeoutMs = 180_000): Promise<void> {
    this.logOffset = fs.existsSync(this.logFile) ? fs.statSync(this.logFile).size : 0;
    const fd = fs.openSync(this.logFile, 'a');
    const child = spawnTypeScript(this.script, { env: this.env, stdio: ['ignore', fd, fd], detached: true });
    fs.closeSync(fd);
    this.child = child;
    this.expectedDown = false;
    if (child.pid) groups.add(child.pid);
    child.once('exit', (code, signal) => {
      if (child.pid) groups.delete(child.pid);
      if (!this.expectedDown && this.child === child)
        this.unexpectedExits.push(`${this.name} exited by itself (${signal ?? `code ${code}`})`);
    });
    const deadline = Date.now() + timeoutMs;
    while (!(await this.ready(this.logOffset))) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} exited while starting:\n${this.logSince().slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`${this.name} not ready after ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  }

  /** SIGKILL, as a crash or an OOM kill: no shutdown hooks run. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.expectedDown = true;
    const gone = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
    await gone;
  }

  /**
   * SIGTERM to the process group, as a deploy's process manager sends it (systemd signals the whole
   * group; the browser gets it too): the process must exit by itself within `timeoutMs`. Resolves
   * with the time it took; a process that had to be killed is reported.
   */
  async stopGracefully(timeoutMs = 40_000): Promise<number> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return 0;
    this.expectedDown = true;
    const sent = Date.now();
    const gone = new Promise<boolean>((r) => child.once('exit', () => r(true)));
    process.kill(-child.pid!, 'SIGTERM');
    if (!(await Promise.race([gone, sleep(timeoutMs).then(() => false)]))) {
      this.unexpectedExits.push(`${this.name} did not exit within ${timeoutMs / 1000} s of SIGTERM`);
      await this.kill();
    }
    return Date.now() - sent;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.expectedDown = true;
    const gone = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([gone, sleep(10_000)]);
    await this.kill();
  }
}

/** Resolves when GET url answers 200 (within 2 s). */
export async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The private MariaDB and Temporal dev server, restartable on the same data and ports. */
export class Dependencies {
  db!: StartedService & { url: string };
  temporal!: StartedService & { address: string };
  /** Where MariaDB's first start settled: each restart starts it there again. */
  private settled!: { port: number; dataDir: string; logFile: string };
  private temporalPort = 0;

  constructor(private readonly dir: string) {}

  async start() {
    this.temporalPort = await services.freePort();
    await Promise.all([this.firstDb(), this.startTemporal()]);
  }

  /**
   * The first start retries on fresh ports and data dirs (a CI run saw the Temporal dev server,
   * started beside it, take MariaDB's picked port); restarts after a kill (startDb) reuse the port
   * and data dir it settled on.
   */
  private async firstDb() {
    const db = await services.startThrowawayMariadb(this.dir, { say: (m) => console.log(`[chaos] ${m}`) });
    this.db = db;
    this.settled = { port: db.port, dataDir: db.dataDir, logFile: db.logFile };
  }

  async startDb() {
    this.db = await services.startMariadb(this.settled);
  }

  async startTemporal() {
    // State in a file, not in memory: a killed server restarts with its workflows.
    this.temporal = await services.startTemporal({
      bin: process.env.TEMPORAL_BIN,
      port: this.temporalPort,
      uiPort: null,
      dbFile: path.join(this.dir, 'temporal.sqlite'),
      logFile: path.join(this.dir, 'temporal.log'),
    });
  }

  static async killPid(pid: number) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return;
    }
    for (let i = 0; i < 200; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
      await sleep(50);
    }
  }

  async stop() {
    for (const pid of [this.db?.pid, this.temporal?.pid]) {
      try {
        if (pid) process.kill(pid, 'SIGCONT');
      } catch {
        /* gone */
      }
    }
    await Promise.all([this.db?.stop(), this.temporal?.stop()]);
  }
}

interface TemporalCluster {
  address: string;
  start(name: string): Promise<unknown>;
  kill(name: string): Promise<void>;
  pid(name: string): number;
  stop(): Promise<void>;
}
// Plain CommonJS shared with scripts/cluster.js.
const clusterLib: {
  startCluster(o: { root: string; dir: string; temporalCli: string; historyHosts?: number }): Promise<TemporalCluster>;
} = require('../../scripts/lib/temporal-cluster.js');

/** The Temporal services a cluster fault kills, one at a time (CHAOS_TARGET=cluster). */
export type ClusterService = 'frontend' | 'history' | 'matching';

/**
 * The production shape instead of the dev server (CHAOS_TARGET=cluster): the private MariaDB and
 * a Temporal cluster on PostgreSQL whose frontend, history, matching and worker services are
 * processes of their own, each killed and started again on its own by a fault.
 */
export class ClusterDependencies extends Dependencies {
  cluster!: TemporalCluster;

  constructor(private readonly clusterDir: string) {
    super(clusterDir);
  }

  override async startTemporal() {
    if (!this.cluster) {
      this.cluster = await clusterLib.startCluster({
        root,
        dir: path.join(this.clusterDir, 'temporal'),
        temporalCli: process.env.TEMPORAL_BIN!,
      });
    }
    const cluster = this.cluster;
    // The cluster's services come and go one by one (killService): no single exit to wait for.
    const exited = new Promise<never>(() => undefined);
    this.temporal = { address: cluster.address, pid: cluster.pid('frontend'), exited, stop: () => cluster.stop() };
  }

  async killService(name: ClusterService) {
    await this.cluster.kill(name);
  }

  async startService(name: ClusterService) {
    await this.cluster.start(name);
    this.temporal.pid = this.cluster.pid('frontend');
  }
}

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { spawnTypeScript } from '../../scripts/lib/node-children';

export const root = path.resolve(__dirname, '..', '..');

// The one stack launcher, shared with scripts/start.js (plain CommonJS).
import { Stack, type TemporalCluster } from '../../scripts/lib/stack';
import { freePort } from '../../scripts/lib/ports';
import type { StartedService } from '../../scripts/lib/services';

export { Stack, freePort };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One TypeScript process of the service (API or worker), as one node process in its own group
 * with its output in a log file: SIGKILL then reaches exactly it, as a crash would. spawnTypeScript
 * tracks it, so an interrupted suite leaves nothing running.
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
    child.once('exit', (code, signal) => {
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

/**
 * The private MariaDB and Temporal dev server in `stack`, each started again on the same data and
 * ports after a kill (MariaDB's first start retries on fresh ports and data dirs: Stack.throwawayMariadb).
 */
export class Dependencies {
  constructor(
    protected readonly dir: string,
    protected readonly stack: Stack,
  ) {}

  get db(): StartedService & { url: string } {
    return this.stack.get('MariaDB')!;
  }

  get temporal(): { address: string; pid: number } {
    return this.stack.get<StartedService & { address: string }>('Temporal')!;
  }

  async start() {
    await Promise.all([
      this.stack.throwawayMariadb(this.dir, { say: (m) => console.log(`[chaos] ${m}`) }),
      this.firstTemporal(),
    ]);
  }

  protected async firstTemporal() {
    // State in a file, not in memory: a killed server restarts with its workflows.
    await this.stack.temporal({
      bin: process.env.TEMPORAL_BIN,
      port: await freePort(),
      uiPort: null,
      dbFile: path.join(this.dir, 'temporal.sqlite'),
      logFile: path.join(this.dir, 'temporal.log'),
    });
  }

  async startDb() {
    await this.stack.restart('MariaDB');
  }

  async startTemporal() {
    await this.stack.restart('Temporal');
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

  /** Lets a server left frozen by a hang fault go on, so that it can be stopped. */
  resume() {
    for (const name of ['MariaDB', 'Temporal']) {
      const pid = (this.stack.get(name) as { pid?: number } | undefined)?.pid;
      try {
        if (pid) process.kill(pid, 'SIGCONT');
      } catch {
        /* gone */
      }
    }
  }
}

/** The Temporal services a cluster fault kills, one at a time (CHAOS_TARGET=cluster). */
export type ClusterService = 'frontend' | 'history' | 'matching';

/**
 * The production shape instead of the dev server (CHAOS_TARGET=cluster): the private MariaDB and
 * a Temporal cluster on PostgreSQL whose frontend, history, matching and worker services are
 * processes of their own, each killed and started again on its own by a fault.
 */
export class ClusterDependencies extends Dependencies {
  private get cluster(): TemporalCluster {
    return this.stack.get<TemporalCluster>('Temporal cluster')!;
  }

  override get temporal() {
    return { address: this.cluster.address, pid: this.cluster.pid('frontend') };
  }

  protected override async firstTemporal() {
    // The cluster's services come and go one by one (killService): none is watched.
    await this.stack.temporalCluster({
      root,
      dir: path.join(this.dir, 'temporal'),
      temporalCli: process.env.TEMPORAL_BIN!,
      watch: false,
    });
  }

  async killService(name: ClusterService) {
    await this.cluster.kill(name);
  }

  async startService(name: ClusterService) {
    await this.cluster.start(name);
  }
}

/**
 * Root hooks that time each test file (in mocha's parallel mode they run once per file, in the
 * file's worker process): wall time and the worker's CPU time, appended as one JSON line to
 * QA_TEST_FILE_TIMES. scripts/test.js prints the slowest files of each tier from it, so that a CI
 * log says where its minutes went. scripts/test.js runs the `alone` tier a file to a process, so
 * every file has a root of its own; a serial run of several files (one root for all) records
 * nothing. CPU counts the in-process API and workers, not the servers.
 */
import fs from 'node:fs';
import type { Context } from 'mocha';

let wallStarted = 0;
let cpuStarted: NodeJS.CpuUsage | undefined;

export const mochaHooks = {
  beforeAll(): void {
    wallStarted = Date.now();
    cpuStarted = process.cpuUsage();
  },
  afterAll(this: Context): void {
    const out = process.env.QA_TEST_FILE_TIMES;
    if (!out || !cpuStarted) return;
    // A serial run of several files has one root for all: no file of its own to time.
    const files = new Set(this.test?.parent?.suites.map((s) => s.file).filter(Boolean));
    if (files.size !== 1) return;
    const [file] = files;
    const cpu = process.cpuUsage(cpuStarted);
    const line = { file, wallMs: Date.now() - wallStarted, cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  },
};

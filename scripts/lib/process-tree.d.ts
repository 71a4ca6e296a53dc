/** See process-tree.js: process trees on Linux, read from /proc. */

/** Parent and CPU (ms, user + system) of a process; undefined when it ended while we looked. */
export function procStat(pid: number | string): { ppid: number; ownMs: number; reapedMs: number } | undefined;
/** Resident memory of a process in MiB. */
export function residentMiB(pid: number): number;
/** The command line, one entry an argument; empty when the process ended while we looked. */
export function commandLine(pid: number): string[];
/** Whether the process exists and has not ended. */
export function alive(pid: number): boolean;
/** Whether any thread of the process is still running (not stopped, not ended). */
export function running(pid: number): boolean;
/** The processes under `roots`, children before their own children. */
export function descendants(roots: number[]): number[];
/** Every process under `pid`, itself first. */
export function processTree(pid: number): number[];
/** SIGSTOP, then wait until every thread of the process is stopped. */
export function freeze(pid: number, timeoutMs?: number): Promise<void>;
/** Freezes `roots` and all under them until no new process appears, then SIGKILLs them all. */
export function killTrees(roots: number[]): Promise<void>;

import { readFileSync, readdirSync } from 'node:fs';

/**
 * A process's parent and CPU (ms, user + system) from /proc: its own, and that of the children it
 * has reaped (Chromium's renderers end with their context; their time is their reaper's children's
 * time). Undefined when the process ended while we looked.
 */
export function procStat(pid: number): { ppid: number; ownMs: number; reapedMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ms = (a: number, b: number) => ((Number(stat[a]) + Number(stat[b])) * 1000) / 100;
    return { ppid: Number(stat[1]), ownMs: ms(11, 12), reapedMs: ms(13, 14) };
  } catch {
    return undefined;
  }
}

/** Every process under `pid` (itself included), from /proc. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const ppid = procStat(Number(name))?.ppid;
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const tree: number[] = [];
  for (const stack = [pid]; stack.length;) {
    const p = stack.pop()!;
    tree.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return tree;
}

/**
 * A process's command line, one entry an argument; empty when it ended while we looked. Chromium's
 * child processes rewrite theirs into one string (their title), so that entry may hold spaces.
 */
export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

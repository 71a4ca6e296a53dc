import type { ChildProcess, StdioOptions } from 'node:child_process';

/** See node-children.js: starts a TypeScript entry point as one node process (`node --import tsx`). */
export function spawnTypeScript(
  script: string,
  options?: {
    args?: string[];
    env?: Record<string, string | undefined>;
    stdio?: StdioOptions;
    detached?: boolean;
    nodeArgs?: string[];
    cwd?: string;
  },
): ChildProcess;

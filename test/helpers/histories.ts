import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestApp } from './app';

/** Where recorded workflow histories live; `npm test` replays every one (test/workflows/replay.test.ts). */
export const HISTORY_DIR = path.resolve(__dirname, '..', 'histories');

/**
 * With RECORD_HISTORIES=1, saves the history of a finished workflow as `<label>.json` (the
 * Temporal CLI's JSON, which the SDK's replayer reads), so that a later change to workflow code
 * is replayed against what real executions recorded. Without it, does nothing: recording is a
 * deliberate step (see docs/reliability.md).
 */
export async function recordHistory(app: TestApp, workflowId: string, label: string): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1' || !process.env.TEMPORAL_BIN) return;
  const handle = (await app.deps.temporal()).workflow.getHandle(workflowId);
  const deadline = Date.now() + 30_000;
  while ((await handle.describe()).status.name === 'RUNNING') {
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  const { stdout } = await promisify(execFile)(
    process.env.TEMPORAL_BIN,
    [
      'workflow',
      'show',
      '--workflow-id',
      workflowId,
      '--output',
      'json',
      '--address',
      app.deps.config.TEMPORAL_ADDRESS,
      '--namespace',
      app.deps.config.TEMPORAL_NAMESPACE,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  fs.mkdirSync(HISTORY_DIR, { recursive: true });
  fs.writeFileSync(path.join(HISTORY_DIR, `${label}.json`), stdout);
}

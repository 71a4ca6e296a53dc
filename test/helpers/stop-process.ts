import fs from 'node:fs';

/**
 * SIGSTOP, then wait until every thread of the process is stopped. kill() returns when the signal
 * is queued; on a busy machine the process's threads keep running (and answering queries) until
 * one of them is scheduled and stops the rest, which a test of a hung server must not race.
 */
export async function stopProcess(pid: number, timeoutMs = 10_000): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  const deadline = Date.now() + timeoutMs;
  while (!allThreadsStopped(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not stop within ${timeoutMs} ms of SIGSTOP`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function allThreadsStopped(pid: number): boolean {
  const tasks = fs.readdirSync(`/proc/${pid}/task`);
  return tasks.every((tid) => {
    try {
      // The state follows the command name in parentheses, which may itself hold spaces.
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return state === 'T' || state === 't';
    } catch {
      return true; // the thread has exited
    }
  });
}

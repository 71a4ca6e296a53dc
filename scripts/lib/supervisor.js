'use strict';
// What `npm start` and `npm run cluster` do around their Stack (stack.js): a signal or a service
// that ends by itself stops everything in reverse order and exits; a failed step says what failed
// and how to fix it, then does the same.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).

const never = () => new Promise(() => {});

/**
 * Supervises `stack`: SIGINT, SIGTERM and SIGHUP stop it and exit with `signalCode`, announced as
 * `<signalName(sig)>: stopping`.
 * @returns {{ shutdown(code: number, why?: string): Promise<void>,
 *   fail(step: string|null, err: unknown, fix?: string|null): Promise<never>,
 *   step<T>(name: string, fix: string|null, fn: () => T|Promise<T>): Promise<T> }}
 */
function supervise(stack, { say, signalCode, signalName = (sig) => sig }) {
  let shuttingDown = false;

  async function shutdown(code, why) {
    if (shuttingDown) return;
    shuttingDown = true;
    if (why) say(why);
    await stack.stop();
    process.exit(code);
  }

  /** Prints `<step> failed: <reason>` and how to fix it, stops what runs, exits 1. */
  async function fail(step, err, fix) {
    if (shuttingDown) return never(); // a stop is already under way: let it finish
    const reason = err && err.reason ? err.reason : err && err.message ? err.message : String(err);
    say(`${step ? `${step} failed` : 'failed'}: ${reason}`);
    const howToFix = (err && err.fix) || fix;
    if (howToFix) say(`fix: ${howToFix}`);
    await shutdown(1);
    return never();
  }

  async function step(name, fix, fn) {
    if (shuttingDown) return never();
    try {
      return await fn();
    } catch (err) {
      return fail(name, err, fix);
    }
  }

  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(sig, () => shutdown(signalCode, `${signalName(sig)}: stopping`));
  stack.onExit = (name, how) => shutdown(1, `${name} exited unexpectedly (${how}); stopping the rest`);
  return { shutdown, fail, step };
}

module.exports = { supervise };

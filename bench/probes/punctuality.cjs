'use strict';
// A diagnostic for the long-poll rows of `npm run bench -- stack` (docs/benchmarks.md): how late
// each server wrote its replies by its own clock, apart from the client. Loaded into every Node
// process of a run, e.g.
//   NODE_OPTIONS="--require $PWD/bench/probes/punctuality.cjs" BENCH_PARTS=polls npm run bench -- stack
// Each process with an HTTP server writes PUNCTUALITY_DIR (default: the OS temp dir)/punctuality-<pid>.txt:
// per measured pass (replies held 2.5-4.5 s, a 3 s wait), the arrival span and how long after
// arrival + 3 s the reply's head was written (p50, worst). The same few steps on either server:
// a stamp as node:http emits 'request', a time as the head is written.
const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const arrivedAt = Symbol('arrivedAt');
const held = []; // [arrival, lateness] of replies held like a measured pass's
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') res[arrivedAt] = performance.now();
  return emit.apply(this, arguments);
};
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function () {
  const arrival = this[arrivedAt];
  if (arrival !== undefined) {
    const heldMs = performance.now() - arrival;
    if (heldMs > 2500 && heldMs < 4500) held.push([arrival, heldMs - 3000]);
  }
  return writeHead.apply(this, arguments);
};

const out = path.join(process.env.PUNCTUALITY_DIR || os.tmpdir(), `punctuality-${process.pid}.txt`);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function summary() {
  const byArrival = [...held].sort((a, b) => a[0] - b[0]);
  const passes = [];
  for (const reply of byArrival) {
    const last = passes.at(-1);
    // Passes are seconds apart; a pass's arrivals are at most 2 s apart.
    if (last && reply[0] - last.at(-1)[0] < 1500) last.push(reply);
    else passes.push([reply]);
  }
  const lines = [`${process.argv[1]} (pid ${process.pid})`];
  for (const pass of passes) {
    const late = pass.map((r) => r[1]).sort((a, b) => a - b);
    const span = pass.at(-1)[0] - pass[0][0];
    lines.push(
      `${pass.length} replies, arrivals over ${span.toFixed(0)} ms: written after arrival + 3 s by p50 ${pct(late, 50).toFixed(0)} ms, worst ${late.at(-1).toFixed(0)} ms`,
    );
  }
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
}
setInterval(() => held.length && summary(), 2000).unref();
process.on('exit', () => held.length && summary());

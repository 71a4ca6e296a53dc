'use strict';
// The mutant switches' runtime, in every process and thread where mutated code runs. A switch is
// `__qaM(id)`: true when mutant `id` is the active one. Three places run the product's code:
//
// - Node processes: the worker (scripts/mutate/worker.js, which sets the active mutant per run and
//   records what was reached) and the processes a test starts (they inherit QA_MUTANT and load this
//   file through NODE_OPTIONS, so a forked worker or API runs the same mutant).
// - The page: the runner hands functions to Chromium as source text (playwright-core's
//   String(pageFunction)), where no __qaM exists. Function.prototype.toString answers that text
//   with each switch already decided, so page code is mutated like any other, and is reached when
//   it is sent.
// - Temporal's workflow threads: workflow code runs in a vm context inside a worker thread. The
//   thread gets a __qaM of its own in each context, reading the active mutant from memory shared
//   with this process and marking what it reached there.
//
// Loaded once per process or thread (a second require finds it set up).
const threads = require('node:worker_threads');

/** Mutant ids the shared memory can hold (a whole-product run generates some thousands). */
const CAPACITY = 1 << 16;
const WORKFLOW_THREAD = /[\\/]@temporalio[\\/]worker[\\/]lib[\\/]workflow[\\/]workflow-worker-thread\.js$/;

function setUp() {
  const inThread = threads.workerData?.qaMutants;
  const buffer = inThread ?? new SharedArrayBuffer(4 + CAPACITY);
  const active = new Int32Array(buffer, 0, 1);
  const reachedInThreads = new Uint8Array(buffer, 4, CAPACITY);
  if (!inThread) Atomics.store(active, 0, Number(process.env.QA_MUTANT ?? -1));

  const runtime = {
    /** Called with each id a switch asks about in this process (the worker records coverage with it). */
    onReach: null,
    setActive(id) {
      Atomics.store(active, 0, id);
    },
    /** Ids the workflow threads reached since the last call. */
    takeReachedInThreads() {
      const ids = [];
      for (let id = 0; id < CAPACITY; id++)
        if (reachedInThreads[id]) {
          reachedInThreads[id] = 0;
          ids.push(id);
        }
      return ids;
    },
  };
  const isActive = (id) => {
    runtime.onReach?.(id);
    return id === Atomics.load(active, 0);
  };
  globalThis.__qaM = isActive;

  // Page code: the switches decided in the source text handed to the page.
  const toString = Function.prototype.toString;
  Function.prototype.toString = function () {
    const source = toString.call(this);
    return source.includes('__qaM(')
      ? source.replace(/__qaM\((\d+)\)/g, (_, id) => String(globalThis.__qaM(Number(id))))
      : source;
  };

  if (inThread) {
    // Workflow code: every vm context Temporal makes in this thread gets a switch of its own.
    const vm = require('node:vm');
    const createContext = vm.createContext;
    vm.createContext = function (...args) {
      const context = createContext.apply(this, args);
      Object.defineProperty(context, '__qaM', {
        value: (id) => {
          reachedInThreads[id] = 1;
          return id === Atomics.load(active, 0);
        },
      });
      return context;
    };
  } else {
    // Temporal starts its workflow threads from a file of its own: this runtime goes first in them.
    const Worker = threads.Worker;
    threads.Worker = class extends Worker {
      constructor(filename, options) {
        if (typeof filename === 'string' && WORKFLOW_THREAD.test(filename))
          super(`require(${JSON.stringify(__filename)}); require(${JSON.stringify(filename)});`, {
            ...options,
            eval: true,
            workerData: { qaMutants: buffer },
          });
        else super(filename, options);
      }
    };
  }
  return runtime;
}

module.exports = globalThis.__qaMutantRuntime ??= setUp();

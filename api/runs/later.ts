/**
 * An answer that comes later: a long-poll parks on it. The v1 HTTP surface has it call back when
 * it comes (`answer`) and writes the reply from there, outside the middleware chain and without a
 * promise, so a parked request holds its socket and a few objects rather than every middleware's
 * suspended frame (10,000 followers of one Run park at once). Every other caller gets `settled`
 * from runEndpoint. Consumed once, one way or the other: it starts the wait it stands for.
 */
export class LaterAnswer<T = unknown> {
  constructor(private readonly start: (sink: AnswerSink<T>) => void) {}

  /** Tells `sink` once: the answer, or why there is none. */
  answer(sink: AnswerSink<T>): void {
    this.start(sink);
  }

  get settled(): Promise<T> {
    return new Promise((resolve, reject) => this.start({ answered: resolve, failed: reject }));
  }
}

/**
 * Where a LaterAnswer's outcome goes: one object that a parked request holds for its whole wait,
 * rather than two closures and their scope (every byte a follower holds is copied by each garbage
 * collection of the young generation while it waits).
 */
export interface AnswerSink<T> {
  answered(value: T): void;
  failed(error: unknown): void;
}

/**
 * An answer that comes later: a long-poll parks on it. The v1 HTTP surface has it call back when
 * it comes (`answer`) and writes the reply from there, outside the middleware chain and without a
 * promise, so a parked request holds its socket and a few objects rather than every middleware's
 * suspended frame (10,000 followers of one Run park at once). Every other caller gets `settled`
 * from runEndpoint. Consumed once, one way or the other: it starts the wait it stands for.
 */
export class LaterAnswer<T = unknown> {
  constructor(private readonly start: (answered: (value: T) => void, failed: (error: unknown) => void) => void) {}

  /** Calls back once: with the answer, or with why there is none. */
  answer(answered: (value: T) => void, failed: (error: unknown) => void): void {
    this.start(answered, failed);
  }

  get settled(): Promise<T> {
    return new Promise((resolve, reject) => this.start(resolve, reject));
  }
}

/**
 * An answer that comes later: a long-poll parks on it. The v1 HTTP surface writes it when it
 * settles, outside the middleware chain, so a parked request holds its socket and a few objects
 * rather than every middleware's suspended frame (10,000 followers of one Run park at once). Every
 * other caller gets the settled value from runEndpoint.
 */
export class LaterAnswer<T = unknown> {
  constructor(readonly settled: Promise<T>) {}
}

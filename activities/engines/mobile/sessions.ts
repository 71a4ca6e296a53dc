import type { DataSource } from 'typeorm';
import { mobileSessionRepository } from '../../../db/repositories/mobile-sessions';
import type { Logger } from '../../../core/log';
import { Device, logSafe } from './device';

/**
 * The Appium sessions one runner process holds: recorded in the database while they live (under the
 * runner's name), deleted when their Run ends, and ended all at once when the worker stops or, after
 * a crash, when the runner starts again. A device cloud bills for every minute a session stays open.
 */
export class SessionKeeper {
  readonly #live = new Set<Device>();
  #slots: number;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly deps: { db: DataSource; log: Logger },
    private readonly appiumUrl: string,
    private readonly runner: string,
    concurrency: number,
    private readonly requestTimeoutMs = 30_000,
  ) {
    this.#slots = concurrency;
  }

  /** Waits for one of the runner's MOBILE_RUNNER_CONCURRENCY slots; `beat` keeps the task alive meanwhile. */
  async slot(beat: () => void, signal: AbortSignal): Promise<() => void> {
    while (this.#slots === 0) {
      signal.throwIfAborted();
      beat();
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
        setTimeout(resolve, 2_000);
      });
    }
    this.#slots--;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#slots++;
      this.#waiting.shift()?.();
    };
  }

  /** Opens a session and records it before anything else can fail. */
  async open(runId: string, capabilities: Record<string, unknown>, dialect: Device['dialect']): Promise<Device> {
    const device = await Device.open(this.appiumUrl, capabilities, dialect, this.requestTimeoutMs);
    this.#live.add(device);
    await mobileSessionRepository.opened(this.deps.db.manager, {
      sessionId: device.sessionId,
      runner: this.runner,
      runId,
    });
    return device;
  }

  /** Deletes the session on the Appium server, then its record; a session already gone counts as closed. */
  async close(device: Device): Promise<void> {
    if (!this.#live.delete(device)) return;
    try {
      await device.close();
    } catch (err) {
      // The server is down: the record stays, and the next start of this runner ends the session.
      this.deps.log.warn('mobile session not deleted', { sessionId: device.sessionId, error: logSafe(err) });
      return;
    }
    await mobileSessionRepository.closed(this.deps.db.manager, device.sessionId);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#live].map((device) => this.close(device)));
  }

  /** At start: ends the sessions this runner recorded and never closed (it crashed or was killed). */
  async endLeftovers(): Promise<number> {
    const left = await mobileSessionRepository.openOf(this.deps.db.manager, this.runner);
    let ended = 0;
    for (const sessionId of left) {
      try {
        await Device.end(this.appiumUrl, sessionId, this.requestTimeoutMs);
      } catch (err) {
        this.deps.log.warn('leftover mobile session not ended', { sessionId, error: logSafe(err) });
        continue;
      }
      await mobileSessionRepository.closed(this.deps.db.manager, sessionId);
      ended++;
    }
    if (left.length)
      this.deps.log.info('ended mobile sessions left by an earlier run', { ended, recorded: left.length });
    return ended;
  }
}

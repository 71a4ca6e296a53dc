/** A tiny structured logger: one JSON line per event, levels from LOG_LEVEL. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Whether debug lines are written: a hot path skips building their fields when they are not. */
  readonly debugs: boolean;
}

export function createLogger(
  level: LogLevel,
  name: string,
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Logger {
  const at = (l: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    write(JSON.stringify({ t: new Date().toISOString(), level: l, name, msg, ...fields }));
  };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debugs: order.debug >= order[level],
  };
}

/** See ports.js: a free loopback port. */
export function freePort(): Promise<number>;
/** Whether nothing listens on 127.0.0.1:`port`. */
export function isPortFree(port: number): Promise<boolean>;
/** Whether a TCP connection to `host`:`port` succeeds within `timeoutMs`. */
export function canConnect(port: number, host?: string, timeoutMs?: number): Promise<boolean>;

import type { ChildProcess } from 'node:child_process';

/** See appium.js: the capabilities that drive Chromium in mobile emulation of `deviceName` through Appium. */
export function chromiumCapabilities(
  deviceName: string,
  paths?: { chromium?: string; chromedriver?: string },
): Record<string, unknown>;

/** A local Appium server started by startAppium. */
export interface StartedAppium {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the server and whatever it started; SIGKILL freezes the whole tree first. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** See appium.js: starts Appium on 127.0.0.1:`port` and resolves when it answers /status. */
export function startAppium(options: {
  bin: string;
  home: string;
  port: number;
  tmpDir?: string;
  sessionDiscovery?: boolean;
  onOutput?: (text: string) => void;
}): Promise<StartedAppium>;

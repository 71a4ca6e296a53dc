import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { removeQuietly } from './browser';

/** The video's frame size: the 1280×800 viewport at 5/8, enough to follow a Run, a quarter of the pixels to encode. */
export const VIDEO_SIZE = { width: 800, height: 500 } as const;
/** Frames a second: the page's paints are sampled at this rate (Playwright records 25). */
export const VIDEO_FPS = 10;
/** A recording stops growing here (10 minutes at VIDEO_FPS): a Run's video stays bounded. */
const MAX_FRAMES = 10 * 60 * VIDEO_FPS;

/**
 * VP9 in WebM as Playwright's own recorder encodes it (playwright-core 1.65, FfmpegVideoRecorder:
 * realtime, cpu-used 8, crf 8), from JPEG frames on stdin at a constant rate. Debian's ffmpeg (5.1,
 * with libvpx) runs it; Playwright's recorder itself looks only for its own downloaded build.
 */
export function ffmpegArgs(output: string): string[] {
  const { width: w, height: h } = VIDEO_SIZE;
  return [
    ...['-loglevel', 'error', '-f', 'image2pipe', '-c:v', 'mjpeg', '-framerate', String(VIDEO_FPS), '-i', 'pipe:0'],
    ...['-y', '-an', '-c:v', 'libvpx-vp9', '-qmin', '0', '-qmax', '50', '-crf', '8', '-b:v', '1000k'],
    ...['-deadline', 'realtime', '-cpu-used', '8', '-lag-in-frames', '0', '-row-mt', '1', '-threads', '1'],
    // A frame of another size (a page that changed its viewport) is scaled into the same box.
    ...['-vf', `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:0:0:gray`],
    ...['-pix_fmt', 'yuv420p', '-f', 'webm', output],
  ];
}

/**
 * A Run's video: Chromium's screencast frames of the page the Run is on, written to ffmpeg at
 * VIDEO_FPS (a frame repeats until the page paints again, so the video keeps the Run's pace).
 * `end()` stops it for good: the runner calls it before a secret enters the browser, so no frame
 * after that is ever taken, and the video shows the Run up to there.
 */
export class RunVideo {
  #page: Page | undefined;
  #last: Buffer | undefined;
  #startedAt = 0;
  #written = 0;
  #ended = false;
  #failed = false;

  private constructor(
    private readonly ffmpeg: ChildProcess,
    private readonly dir: string,
    private readonly exited: Promise<number | null>,
  ) {
    ffmpeg.stdin?.on('error', () => (this.#failed = true));
  }

  /** Starts ffmpeg (the binary at `ffmpegPath`) writing to a temporary file; nothing is recorded until `watch`. */
  static async start(ffmpegPath: string): Promise<RunVideo> {
    const dir = await mkdtemp(join(tmpdir(), 'qa-video-'));
    const ffmpeg = spawn(ffmpegPath, ffmpegArgs(join(dir, 'run.webm')), { stdio: ['pipe', 'ignore', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => {
      ffmpeg.once('exit', (code) => resolve(code));
      ffmpeg.once('error', () => resolve(-1));
    });
    return new RunVideo(ffmpeg, dir, exited);
  }

  /** Records `page` from now on (the Run's page, or the tab it followed), instead of the one before. */
  async watch(page: Page): Promise<void> {
    if (this.#ended || this.#page === page) return;
    const before = this.#page;
    this.#page = page;
    if (before) await before.screencast.stop().catch(() => undefined);
    await page.screencast.start({
      size: VIDEO_SIZE,
      onFrame: ({ data, timestamp }) => {
        if (this.#page === page) this.#frame(data, timestamp);
      },
    });
  }

  #frame(jpeg: Buffer, at: number): void {
    if (this.#ended) return;
    if (!this.#last) this.#startedAt = at;
    else this.#fillUntil(at);
    this.#last = jpeg;
  }

  /** Repeats the last frame up to time `at` (ms since the epoch). */
  #fillUntil(at: number): void {
    const due = Math.min(
      MAX_FRAMES,
      Math.max(this.#written + 1, Math.floor(((at - this.#startedAt) * VIDEO_FPS) / 1000)),
    );
    while (this.#last && this.#written < due && !this.#failed) {
      this.ffmpeg.stdin?.write(this.#last);
      this.#written += 1;
    }
  }

  /** Stops recording for good: no frame taken after this call reaches the video. */
  async end(): Promise<void> {
    if (this.#ended) return;
    this.#fillUntil(Date.now());
    this.#ended = true;
    const page = this.#page;
    this.#page = undefined;
    if (page && !page.isClosed()) await page.screencast.stop().catch(() => undefined);
  }

  /** Ends the recording and answers the WebM, or undefined when nothing was recorded or ffmpeg failed. */
  async finish(): Promise<Buffer | undefined> {
    await this.end();
    try {
      this.ffmpeg.stdin?.end();
      const code = await this.exited;
      if (code !== 0 || this.#failed || this.#written === 0) return undefined;
      return await readFile(join(this.dir, 'run.webm'));
    } catch {
      return undefined; // a video is a help, never a reason to lose the verdict
    } finally {
      await removeQuietly(this.dir);
    }
  }

  /** Discards the recording (a Run that ended without keeping it). */
  async discard(): Promise<void> {
    await this.end();
    this.ffmpeg.stdin?.end();
    if (this.ffmpeg.exitCode === null) this.ffmpeg.kill('SIGKILL');
    await this.exited;
    await removeQuietly(this.dir);
  }
}

import { PNG } from 'pngjs';
import * as pixelmatchModule from 'pixelmatch';

/** A rectangle of a screenshot not to compare (a clock, an ad), in CSS pixels of the viewport. */
export interface IgnoreRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScreenshotComparison {
  /** Pixels that differ beyond the colour threshold, anti-aliasing excluded. */
  changedPixels: number;
  /** changedPixels over the compared pixels, 0..1; 1 when the sizes differ. */
  changedRatio: number;
  /** The screenshot sizes differ (a longer page, another viewport): nothing is compared pixel by pixel. */
  sizeChanged: boolean;
  /** The diff image (changed pixels red over a faded copy), or null when nothing changed or the size did. */
  diffPng: Buffer | null;
}

// pixelmatch is ESM-only; Node 24 loads it synchronously here.
const pixelmatch = (pixelmatchModule as unknown as { default: typeof import('pixelmatch').default }).default;

/** How different two pixels' colours must be to count (pixelmatch's YIQ threshold, 0..1). */
const COLOUR_THRESHOLD = 0.1;

function blank(png: PNG, regions: IgnoreRegion[]) {
  for (const r of regions) {
    const x0 = Math.max(0, Math.floor(r.x));
    const y0 = Math.max(0, Math.floor(r.y));
    const x1 = Math.min(png.width, Math.ceil(r.x + r.width));
    const y1 = Math.min(png.height, Math.ceil(r.y + r.height));
    for (let y = y0; y < y1; y++) png.data.fill(0, (y * png.width + x0) * 4, (y * png.width + x1) * 4);
  }
}

/**
 * Compares a step's screenshot with the same step's baseline: pixelmatch with its anti-aliasing
 * detection (a glyph drawn half a pixel over is not a change), ignoring the given regions in both.
 */
export function compareScreenshots(
  baseline: Buffer,
  current: Buffer,
  ignore: IgnoreRegion[] = [],
  scale = 1,
): ScreenshotComparison {
  // Chromium encodes the same pixels to the same bytes: the common unchanged step costs no decoding.
  if (baseline.equals(current)) return { changedPixels: 0, changedRatio: 0, sizeChanged: false, diffPng: null };
  const before = PNG.sync.read(baseline);
  const after = PNG.sync.read(current);
  if (before.width !== after.width || before.height !== after.height)
    return { changedPixels: 0, changedRatio: 1, sizeChanged: true, diffPng: null };
  const regions = ignore.map((r) => ({
    x: r.x * scale,
    y: r.y * scale,
    width: r.width * scale,
    height: r.height * scale,
  }));
  blank(before, regions);
  blank(after, regions);
  const diff = new PNG({ width: after.width, height: after.height });
  const changedPixels = pixelmatch(before.data, after.data, diff.data, after.width, after.height, {
    threshold: COLOUR_THRESHOLD,
    includeAA: false,
    alpha: 0.2,
  });
  return {
    changedPixels,
    changedRatio: changedPixels / (after.width * after.height),
    sizeChanged: false,
    diffPng: changedPixels ? PNG.sync.write(diff) : null,
  };
}

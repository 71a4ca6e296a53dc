import { PNG } from 'pngjs';

/** A rectangle in the units the automation reports element bounds in (points, pixels or CSS pixels). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of the screen a screenshot shows, in the same units as element bounds. */
export interface ScreenView {
  left: number;
  top: number;
  width: number;
}

/** Extra units painted around each rectangle: bounds and pixels round differently, and a caret or a glow spills over. */
const MARGIN = 2;

/**
 * Paints each rectangle over the screenshot in opaque black, so what a field showed can never be
 * read from the stored image. The screenshot's width over `view.width` gives its pixels per unit
 * (an iPhone screenshot has 3 pixels per point; an Android one is in pixels already).
 *
 * Asynchronous, and with one filter for the whole image: the synchronous decode and the encoder's
 * five filters a row held a runner's event loop for seconds on a loaded host, long enough to miss
 * its heartbeats (the Run then ended invalid, "the runner stopped responding").
 */
export async function paintOver(screenshot: Buffer, rects: readonly Rect[], view: ScreenView): Promise<Buffer> {
  if (!rects.length) return screenshot;
  const png = await new Promise<PNG>((resolve, reject) =>
    new PNG({ filterType: PAETH }).parse(screenshot, (error, parsed) => (error ? reject(error) : resolve(parsed))),
  );
  const scale = png.width / view.width;
  for (const rect of rects) {
    const x0 = clamp(Math.floor((rect.x - view.left - MARGIN) * scale), png.width);
    const y0 = clamp(Math.floor((rect.y - view.top - MARGIN) * scale), png.height);
    const x1 = clamp(Math.ceil((rect.x - view.left + rect.width + MARGIN) * scale), png.width);
    const y1 = clamp(Math.ceil((rect.y - view.top + rect.height + MARGIN) * scale), png.height);
    for (let y = y0; y < y1; y++) {
      const row = y * png.width;
      for (let x = x0; x < x1; x++) png.data.writeUInt32BE(0x000000ff, (row + x) * 4);
    }
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    png
      .pack()
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

/** PNG's Paeth filter, the usual best for screenshots: one filter instead of trying all five a row. */
const PAETH = 4;

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

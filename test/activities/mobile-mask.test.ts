import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { Device } from '../../activities/engines/mobile/device';
import { paintOver, type Rect } from '../../activities/engines/mobile/mask';
import { runMobileSteps } from '../../activities/engines/mobile/steps';
import { Redactor } from '../../activities/engines/shared/redactor';
import type { Dialect } from '../../activities/engines/mobile/capabilities';

// Issue 75: the masking rules of docs/mobile.md ("A typed secret never shows in a screenshot"),
// each stated so that the rule broken fails a test. A field is painted over in opaque black with a
// margin of 2 units, scaled by the screenshot's pixels per unit; bounds are read before and after
// the screenshot and both painted; a screenshot that cannot be masked is not kept.

const MARGIN = 2; // units, docs/mobile.md
const WHITE = 0xffffffff;
const BLACK = 0x000000ff;

/** A white, opaque PNG of w × h pixels. */
function whitePng(w: number, h: number): Buffer {
  const png = new PNG({ width: w, height: h });
  png.data.fill(0xff);
  return PNG.sync.write(png);
}

const decode = (buffer: Buffer) => PNG.sync.read(buffer);
const pixel = (png: PNG, x: number, y: number) => png.data.readUInt32BE((y * png.width + x) * 4);

/** Every pixel's colour: black where `painted(x, y)` says, white elsewhere; the first that differs, if any. */
function firstWrongPixel(png: PNG, painted: (x: number, y: number) => boolean): string | null {
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const want = painted(x, y) ? BLACK : WHITE;
      const got = pixel(png, x, y);
      if (got !== want) return `(${x}, ${y}) is ${got.toString(16)}, wanted ${want.toString(16)}`;
    }
  }
  return null;
}

/** Pixel box of a rectangle in units, its margin included, at `scale` pixels per unit (unclamped). */
function pixelBox(rect: Rect, scale: number, view = { left: 0, top: 0 }) {
  return {
    x0: Math.floor((rect.x - view.left - MARGIN) * scale),
    y0: Math.floor((rect.y - view.top - MARGIN) * scale),
    x1: Math.ceil((rect.x - view.left + rect.width + MARGIN) * scale),
    y1: Math.ceil((rect.y - view.top + rect.height + MARGIN) * scale),
  };
}
const inside = (box: ReturnType<typeof pixelBox>) => (x: number, y: number) =>
  x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;

describe('masking a secret field in a mobile screenshot (paintOver)', () => {
  it('paints the field and its 2-unit margin in opaque black at 3 pixels per point, and nothing else', async () => {
    // An iPhone: the screen is 40 points wide, the screenshot 120 pixels.
    const field = { x: 10, y: 8, width: 12, height: 5 };
    const out = decode(await paintOver(whitePng(120, 90), [field], { left: 0, top: 0, width: 40 }));
    assert.equal(out.width, 120);
    assert.equal(out.height, 90);
    // (10-2)*3 .. (10+12+2)*3, (8-2)*3 .. (8+5+2)*3
    const box = { x0: 24, y0: 18, x1: 72, y1: 45 };
    assert.deepEqual(pixelBox(field, 3), box);
    assert.equal(firstWrongPixel(out, inside(box)), null);
  });

  it('paints a field at 1 pixel per unit where the screenshot is in the same units (Android pixels)', async () => {
    const field = { x: 5, y: 5, width: 10, height: 4 };
    const out = decode(await paintOver(whitePng(40, 30), [field], { left: 0, top: 0, width: 40 }));
    assert.equal(firstWrongPixel(out, inside({ x0: 3, y0: 3, x1: 17, y1: 11 })), null);
  });

  it('paints a field in page coordinates where it shows in a scrolled browser viewport', async () => {
    // The page is scrolled by (100, 200): the field at page (110, 215) shows at (10, 15).
    const field = { x: 110, y: 215, width: 8, height: 4 };
    const out = decode(await paintOver(whitePng(60, 60), [field], { left: 100, top: 200, width: 30 }));
    assert.equal(firstWrongPixel(out, inside({ x0: 16, y0: 26, x1: 40, y1: 42 })), null);
  });

  it('clamps a field that reaches past the screen at the image edges, and still masks it', async () => {
    // Past the bottom-right corner, and past the top-left corner: painted up to each edge.
    const corners = [
      { x: 35, y: 25, width: 20, height: 20 },
      { x: -10, y: -10, width: 12, height: 12 },
    ];
    const out = decode(await paintOver(whitePng(120, 90), corners, { left: 0, top: 0, width: 40 }));
    const painted = (x: number, y: number) => (x >= 99 && y >= 69) || (x < 12 && y < 12);
    assert.equal(firstWrongPixel(out, painted), null);
  });

  it('paints a field that covers the whole screen entirely', async () => {
    const out = decode(
      await paintOver(whitePng(30, 20), [{ x: -5, y: -5, width: 100, height: 100 }], { left: 0, top: 0, width: 30 }),
    );
    assert.equal(
      firstWrongPixel(out, () => true),
      null,
    );
  });

  it('paints every field it is given', async () => {
    const fields = [
      { x: 4, y: 4, width: 4, height: 2 },
      { x: 20, y: 20, width: 6, height: 3 },
    ];
    const out = decode(await paintOver(whitePng(40, 40), fields, { left: 0, top: 0, width: 40 }));
    const a = inside(pixelBox(fields[0], 1));
    const b = inside(pixelBox(fields[1], 1));
    assert.equal(
      firstWrongPixel(out, (x, y) => a(x, y) || b(x, y)),
      null,
    );
  });

  it('returns the screenshot unchanged, byte for byte, when there is nothing to mask', async () => {
    const shot = whitePng(30, 20);
    assert.equal(await paintOver(shot, [], { left: 0, top: 0, width: 30 }), shot);
    // Not even decoded: a shot with no secret field on it is kept as the device gave it.
    const opaque = Buffer.from('not a png at all');
    assert.equal(await paintOver(opaque, [], { left: 0, top: 0, width: 30 }), opaque);
  });

  it('refuses (rejects) a screenshot it cannot decode when there is a field to mask', async () => {
    await assert.rejects(
      paintOver(Buffer.from('not a png at all'), [{ x: 1, y: 1, width: 2, height: 2 }], { left: 0, top: 0, width: 30 }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The runner's side (activities/engines/mobile/steps.ts and device.ts) on a scripted WebDriver client.

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
const SECRET = 'RC-71f0-secret';
/** An iPhone screen of 40 × 30 points; its screenshot has 3 pixels per point. */
const SCREEN = { width: 40, height: 30, scale: 3 };

interface Script {
  /** Answers to successive getElementRect calls for the secret field (an Error is thrown). */
  fieldRects: Array<Rect | Error>;
  /** The screenshot the device answers (base64 of a PNG unless a test says otherwise). */
  screenshot?: () => string;
  /** The browser's visual viewport [pageLeft, pageTop, width] (web dialect). */
  viewport?: [number, number, number];
}

/** A WebDriver client that shows one text field "Recovery code" and one button "Continue". */
function scriptedClient(script: Script) {
  const calls: string[] = [];
  let typed = '';
  const client = {
    sessionId: 'fake',
    async findElements(_using: string, value: string) {
      if (value.includes('Recovery code')) return [{ [ELEMENT_KEY]: 'field' }];
      if (value.includes('Continue')) return [{ [ELEMENT_KEY]: 'button' }];
      return [];
    },
    isElementDisplayed: async () => true,
    getElementTagName: async (id: string) => (id === 'field' ? 'XCUIElementTypeTextField' : 'XCUIElementTypeButton'),
    getElementAttribute: async (id: string, name: string) => (id === 'field' && name === 'value' ? typed : null),
    getElementProperty: async () => typed,
    elementClear: async () => {
      typed = '';
    },
    elementSendKeys: async (_id: string, text: string) => {
      typed = text;
    },
    elementClick: async () => {},
    executeScript: async (code: string) => {
      if (code.includes('visualViewport')) return script.viewport;
      return null;
    },
    getWindowRect: async () => ({ x: 0, y: 0, width: SCREEN.width, height: SCREEN.height }),
    takeScreenshot: async () => {
      calls.push('screenshot');
      return (
        script.screenshot?.() ?? whitePng(SCREEN.width * SCREEN.scale, SCREEN.height * SCREEN.scale).toString('base64')
      );
    },
    getElementRect: async (id: string) => {
      assert.equal(id, 'field', 'only the secret field is measured');
      calls.push('rect');
      const next = script.fieldRects.shift();
      if (next === undefined) throw new Error('no more rects scripted');
      if (next instanceof Error) throw next;
      return next;
    },
    getUrl: async () => 'https://app.test/',
    getTitle: async () => 'App',
  };
  return { client, calls };
}

function deviceOf(client: unknown, dialect: Dialect): Device {
  // The constructor is private (Device.open makes sessions); the test gives it a scripted client.
  const Ctor = Device as unknown as new (client: unknown, dialect: Dialect) => Device;
  return new Ctor(client, dialect);
}

const FILL_SECRET = { action: 'fill', target: 'Recovery code', valueSpec: { kind: 'environment', variable: 'CODE' } };
const TAP = { action: 'click', target: 'Continue' };

async function run(dialect: Dialect, script: Script, steps: unknown[]) {
  const { client, calls } = scriptedClient(script);
  const { steps: results } = await runMobileSteps({
    device: deviceOf(client, dialect),
    steps: steps as never,
    resolveValue: async () => SECRET,
    redactor: new Redactor(),
    stepTimeoutMs: 1000,
  });
  return { results, calls };
}

describe('the mobile runner masks a secret field in every step screenshot (steps.ts, device.ts)', () => {
  const AT_TOP = { x: 4, y: 5, width: 20, height: 3 };
  // The keyboard came up between the read and the screenshot: the field moved up the screen.
  const MOVED = { x: 4, y: 18, width: 20, height: 3 };

  it('paints a field that moved between the screenshot and the read at both places, at 3 px/pt', async () => {
    const { results, calls } = await run('ios', { fieldRects: [AT_TOP, MOVED] }, [FILL_SECRET]);
    assert.equal(results[0].status, 'passed', results[0].reason);
    assert.deepEqual(calls, ['rect', 'screenshot', 'rect'], 'bounds read before and after the screenshot');
    const shot = decode(results[0].screenshot!);
    const a = inside(pixelBox(AT_TOP, SCREEN.scale));
    const b = inside(pixelBox(MOVED, SCREEN.scale));
    assert.equal(
      firstWrongPixel(shot, (x, y) => a(x, y) || b(x, y)),
      null,
    );
  });

  it('keeps painting the field in later steps while it is on the screen, and stops once it has left', async () => {
    const gone = Object.assign(new Error('no such element: An element could not be located'), {
      name: 'no such element',
    });
    const { results, calls } = await run('ios', { fieldRects: [AT_TOP, AT_TOP, MOVED, MOVED, gone] }, [
      FILL_SECRET,
      TAP,
      TAP,
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['passed', 'passed', 'passed'],
    );
    const second = decode(results[1].screenshot!);
    assert.equal(firstWrongPixel(second, inside(pixelBox(MOVED, SCREEN.scale))), null, 'the next step: still masked');
    // The field left the screen: the third step's screenshot is the device's, unpainted, and the
    // field is no longer measured.
    const third = decode(results[2].screenshot!);
    assert.equal(
      firstWrongPixel(third, () => false),
      null,
    );
    assert.deepEqual(calls, ['rect', 'screenshot', 'rect', 'rect', 'screenshot', 'rect', 'rect', 'screenshot']);
  });

  it('paints the field where it shows in a scrolled browser page (web dialect, page coordinates)', async () => {
    // The page is scrolled 100 CSS pixels down; the viewport is 40 wide, the screenshot 120 pixels.
    const inPage = { x: 4, y: 110, width: 20, height: 3 };
    const { results } = await run('web', { fieldRects: [inPage, inPage], viewport: [0, 100, 40] }, [FILL_SECRET]);
    assert.equal(results[0].status, 'passed', results[0].reason);
    const shot = decode(results[0].screenshot!);
    assert.equal(firstWrongPixel(shot, inside(pixelBox(inPage, SCREEN.scale, { left: 0, top: 100 }))), null);
  });

  it('keeps no screenshot it could not mask: an undecodable shot, or bounds that could not be read', async () => {
    const garbled = await run(
      'ios',
      { fieldRects: [AT_TOP, AT_TOP], screenshot: () => Buffer.from('garbled').toString('base64') },
      [FILL_SECRET],
    );
    assert.equal(garbled.results[0].status, 'passed', 'the step itself is not failed by its evidence');
    assert.equal(garbled.results[0].screenshot, undefined);

    const unreadable = await run('ios', { fieldRects: [AT_TOP, new Error('unknown error: rect')] }, [FILL_SECRET]);
    assert.equal(unreadable.results[0].screenshot, undefined);
  });

  it('keeps the screenshot as the device gave it when no secret was typed', async () => {
    const raw = Buffer.from('the device screenshot, whatever its bytes');
    const { results, calls } = await run('ios', { fieldRects: [], screenshot: () => raw.toString('base64') }, [
      { action: 'fill', target: 'Recovery code', valueSpec: { kind: 'literal', text: 'plain words' } },
    ]);
    assert.equal(results[0].status, 'passed', results[0].reason);
    assert.deepEqual(results[0].screenshot, raw);
    assert.deepEqual(calls, ['screenshot'], 'nothing measured');
  });
});

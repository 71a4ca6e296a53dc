import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import type { Redactor } from '../shared/redactor';
import { readZip, type ZipEntry } from '../../../core/zip-read';

const utf8 = new TextDecoder('utf-8', { fatal: true });
// Off the event loop: a large trace compressed synchronously could delay the Run's heartbeats.
const deflate = promisify(deflateRaw);

/** A step's screenshot (PNG) as the trace shows it: on its page's film strip at the time it was taken. */
export interface StepFrame {
  pageId: string;
  wallTime: number;
  png: Buffer;
}

/**
 * A step that ran after Playwright stopped recording (web.ts: beforeSecret): the trace lists it as an
 * action with its outcome and screenshot, and a placeholder page where a DOM snapshot would be.
 */
export interface UnrecordedStep {
  /** The step's name in the trace, e.g. `Step 3: Click "Sign in"` (web.ts: stepTitle). */
  title: string;
  /** The step's action, in the trace's words (`fill`, `click`, `navigate`). */
  method: string;
  /** The step's target, as authored. */
  target?: string;
  /** The page the step acted on (its protocol id), so its screenshot is shown with it. */
  pageId?: string;
  startWall: number;
  endWall: number;
  /** The step's customer-safe reason when it did not pass. */
  error?: string;
  /**
   * The step ran while Playwright recorded, and did not pass: its actions are in the trace already,
   * but none of them failed when only its expectation did. It joins as an action of its own that
   * carries the step's reason, so the viewer, which opens at the last failed action, opens there.
   */
  recorded?: boolean;
}

/**
 * A Playwright trace zip with every secret the redactor knows masked in every text entry: the action
 * log (a fill's value), DOM snapshots (a field's value), network entries and bodies (a form post),
 * console. Binary entries (screenshots, response bodies that are not UTF-8) are masked byte for byte;
 * the runner draws secret fields as dots before it types, so frames show none. Entry names stay, so the trace viewer opens the result.
 * `frames` become the trace's screencast frames.
 */
export async function redactTrace(
  zip: Buffer,
  redactor: Redactor,
  frames: StepFrame[] = [],
  unrecorded: UnrecordedStep[] = [],
): Promise<Buffer> {
  const entries = withFrames(withUnrecorded(await readZip(zip), unrecorded), frames);
  return writeZip(
    entries.map(({ name, data }) => {
      let text: string;
      try {
        text = utf8.decode(data);
      } catch {
        // Not text (a screenshot, a binary response body): masked byte for byte all the same.
        return { name, data: redactor.redactBytes(data) };
      }
      return { name, data: Buffer.from(redactor.redact(text), 'utf8') };
    }),
  );
}

/**
 * Adds the frames as `screencast-frame` events (what the viewer's film strip and `trace screenshot`
 * read), timed on the trace's clock through the wall/monotonic pair its first event records.
 */
function withFrames(entries: ZipEntry[], frames: StepFrame[]): ZipEntry[] {
  const log = entries.find((entry) => entry.name === 'trace.trace');
  const clock = log && firstEvent(log.data.toString('utf8'), 'context-options');
  if (!log || !clock || !frames.length) return entries;
  const added: ZipEntry[] = [];
  const events = frames.map(({ pageId, wallTime, png }, index) => {
    const file = `screencast/step-frame-${index}.png`;
    added.push({ name: file, data: png });
    // A PNG's IHDR chunk holds its width and height at bytes 16 and 20.
    return JSON.stringify({
      type: 'screencast-frame',
      pageId,
      file,
      width: png.readUInt32BE(16),
      height: png.readUInt32BE(20),
      timestamp: clock.monotonicTime + (wallTime - clock.wallTime),
      frameSwapWallTime: wallTime,
    });
  });
  const text = log.data.toString('utf8');
  log.data = Buffer.from(`${text}${text.endsWith('\n') ? '' : '\n'}${events.join('\n')}\n`, 'utf8');
  return [...entries, ...added];
}

const NOT_RECORDED_PAGE = [
  'HTML',
  {},
  [
    'BODY',
    {},
    [
      'P',
      {},
      'Not recorded: from this step on the Run typed a secret, and a trace records no page that holds one. The screenshot shows the step.',
    ],
  ],
];

/**
 * Adds each unrecorded step as an action (before/after events, timed on the trace's clock), with a
 * placeholder snapshot that points the viewer at the step's screenshot.
 */
function withUnrecorded(entries: ZipEntry[], steps: UnrecordedStep[]): ZipEntry[] {
  const log = entries.find((entry) => entry.name === 'trace.trace');
  const clock = log && firstEvent(log.data.toString('utf8'), 'context-options');
  if (!log || !clock || !steps.length) return entries;
  const at = (wallTime: number) => clock.monotonicTime + (wallTime - clock.wallTime);
  const events = steps.flatMap((step, index) => {
    const callId = `${step.recorded ? 'failed' : 'unrecorded'}@${index}`;
    const before = {
      type: 'before',
      callId,
      startTime: at(step.startWall),
      title: `${step.title} ${step.recorded ? '(did not pass)' : '(not recorded)'}`,
      class: 'Frame',
      method: step.method,
      params: step.target === undefined ? {} : { target: step.target },
      ...(step.pageId && { pageId: step.pageId }),
    };
    const after = {
      type: 'after',
      callId,
      endTime: at(step.endWall),
      ...(step.error && { error: { name: 'Error', message: step.error } }),
    };
    const snapshot = !step.recorded &&
      step.pageId && {
        type: 'frame-snapshot',
        snapshot: {
          callId,
          phase: 'after',
          pageId: step.pageId,
          frameId: `${callId}-frame`,
          frameUrl: 'about:blank',
          html: NOT_RECORDED_PAGE,
          viewport: { width: 1280, height: 800 },
          timestamp: at(step.endWall),
          wallTime: step.endWall,
          collectionTime: 0,
          resourceOverrides: [],
          isMainFrame: true,
        },
      };
    return [before, after, ...(snapshot ? [snapshot] : [])].map((event) => JSON.stringify(event));
  });
  const text = log.data.toString('utf8');
  log.data = Buffer.from(`${text}${text.endsWith('\n') ? '' : '\n'}${events.join('\n')}\n`, 'utf8');
  return entries;
}

function firstEvent(log: string, type: string): { wallTime: number; monotonicTime: number } | undefined {
  for (const line of log.split('\n', 20)) {
    try {
      const event = JSON.parse(line) as { type?: string; wallTime?: unknown; monotonicTime?: unknown };
      if (event.type === type && typeof event.wallTime === 'number' && typeof event.monotonicTime === 'number')
        return { wallTime: event.wallTime, monotonicTime: event.monotonicTime };
    } catch {
      // not an event line
    }
  }
  return undefined;
}

/** A plain zip (deflate, no zip64: a Run's trace stays far below 4 GiB), as the trace viewer reads it. */
async function writeZip(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = await deflate(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(0, 12);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, nameBytes);
    parts.push(local, nameBytes, packed);
    offset += local.length + nameBytes.length + packed.length;
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralBytes, end]);
}

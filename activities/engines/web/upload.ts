import path from 'node:path';
import type { Locator } from 'playwright-core';
import type { StepOf } from '../../../core/steps';
import { StepFailure } from '../shared/failures';
import type { ChosenValue } from '../shared/values';
import { announcements } from './announce';
import { showsText } from './locate';
import { quietly, readElement } from './quiet';
import { SETTLE_CAP_MS } from './settle';
import { remaining, rethrowClosed, sleep, type StepContext } from './step-context';

/** How long a click on the control may take to open the file chooser. */
const CHOOSER_MS = 2000;
/** Pause between looks while the page's handling of the file (a check, an upload) is under way. */
const LOOK_MS = 50;

/** A 1×1 transparent PNG: what an image field is given, so a page that reads or previews it can. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
const OTHER_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
};

/** The file a fill chooses: named by the value, its bytes a small stand-in of the kind its name says. */
export function fileNamed(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const extension = path.extname(name).toLowerCase();
  const image = IMAGE_TYPES[extension];
  if (image) return { name, mimeType: image, buffer: PIXEL_PNG };
  return {
    name,
    mimeType: OTHER_TYPES[extension] ?? 'application/octet-stream',
    buffer: Buffer.from(`A file chosen by a QA test step: ${name}\n`),
  };
}

/**
 * A fill on a file input, or on the upload button or label that opens one (docs/runner.md, "Files"):
 * the control is clicked as a person clicks it, and the file chooser that opens is given a small
 * file named by the value (fileNamed). Once the page has handled it (its requests answered, a frame
 * drawn), a refusal in the page's words (an alert, an error beside the field) fails the step with
 * them; otherwise the page must show the file's name or the input hold the file.
 */
export async function chooseFile(
  ctx: StepContext<StepOf<'fill'>>,
  control: Locator,
  value: ChosenValue,
): Promise<string> {
  const target = ctx.step.target;
  const name = path.basename(value.text.trim().replaceAll('\\', '/'));
  if (!name) {
    throw new StepFailure(
      'test_definition',
      `The field "${target}" takes a file; the step gives no file name.`,
      'Give the name of the file to choose as the value, e.g. photo.png.',
    );
  }
  const what = value.secret ? 'the given file' : `the file "${name}"`;
  const before: string[] = await announcements(ctx.page).catch(() => []);
  const chosenAt = performance.now();
  const input = await chooseInto(ctx, control, fileNamed(name));
  await handled(ctx, chosenAt);
  const said = (await announcements(ctx.page).catch(() => [])).find((words) => !before.includes(words));
  if (said) {
    throw new StepFailure(
      'application',
      `The field "${target}" refused ${what}: the page said "${said.slice(0, 200)}".`,
      'Check whether the application should accept this file, or change the file the step chooses.',
      undefined,
      'assertion',
    );
  }
  const held = await quietly(ctx.page, () =>
    input.evaluate((el) => Array.from((el as HTMLInputElement).files ?? []).map((file) => file.name)),
  ).catch((): string[] => []);
  if (!held.includes(name) && !(await showsText(ctx.page, name))) {
    throw new StepFailure(
      'application',
      `The field "${target}" did not keep ${what}.`,
      'Check whether the application accepts this file, or change the file the step chooses.',
    );
  }
  if (!value.secret) ctx.observed.value = name;
  return `The field "${target}" holds the chosen file.`;
}

/**
 * Gives the file to the input: straight to a file input, or to the one the control holds (a label, an
 * upload button wrapping its hidden input); otherwise the control is clicked and the file chooser it
 * opens is answered (a button beside its input, or one that creates it). Answers the input.
 */
async function chooseInto(
  ctx: StepContext<StepOf<'fill'>>,
  control: Locator,
  file: ReturnType<typeof fileNamed>,
): Promise<Pick<Locator, 'evaluate'>> {
  const own = await readElement(control, (el) =>
    (el as HTMLInputElement).type === 'file' ? 'self' : el.querySelector('input[type=file]') ? 'inside' : null,
  ).catch(() => null);
  if (own) {
    const input = own === 'self' ? control : control.locator('input[type=file]').first();
    await input.setInputFiles(file, { timeout: remaining(ctx) });
    return input;
  }
  const [chooser] = await Promise.all([
    ctx.page.waitForEvent('filechooser', { timeout: Math.min(CHOOSER_MS, remaining(ctx)) }).catch((err: unknown) => {
      rethrowClosed(err);
      throw new StepFailure(
        'application',
        `The control "${ctx.step.target}" did not open a file chooser when clicked.`,
        'Check that the step names the upload control, or whether the application regressed.',
      );
    }),
    control.click({ timeout: remaining(ctx) }),
  ]);
  await chooser.setFiles(file, { timeout: remaining(ctx) });
  return chooser.element();
}

/** Until the page has handled the chosen file: its requests since then answered (at most SETTLE_CAP_MS), a frame drawn. */
async function handled(ctx: StepContext, since: number): Promise<void> {
  const until = Date.now() + Math.min(SETTLE_CAP_MS, remaining(ctx));
  while (ctx.browsing.pending(since).length > 0 && Date.now() < until) await sleep(LOOK_MS);
  await quietly(ctx.page, () =>
    ctx.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  ).catch(rethrowClosed);
}

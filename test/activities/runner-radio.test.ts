import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import { startFidelitySite, type FidelitySite } from '../helpers/fidelity-site';
import { click, doc, go } from '../fixtures/fidelity/steps';
import { runSteps, stepReasons } from '../helpers/run-cases';

/**
 * A page whose first `swallowed` clicks on a choice are taken back before they count (a closing
 * popup's outside-click handler, a group re-rendering under the pointer): the page says how many
 * clicks reached the choice and what is chosen.
 */
const swallowing = (swallowed: number, choice: string) =>
  doc(
    'Member',
    `${choice}<p id=out></p><script>
      let swallow = ${swallowed}, clicks = 0;
      document.addEventListener('click', (e) => {
        const option = e.target.closest('input, [role=radio]');
        if (!option) return;
        clicks += 1;
        if (swallow-- > 0) {
          e.preventDefault();
          e.stopPropagation();
        } else if (option.role === 'radio') {
          for (const other of document.querySelectorAll('[role=radio]')) other.ariaChecked = String(other === option);
        }
        setTimeout(() => {
          const chosen = [...document.querySelectorAll('input:checked, [aria-checked=true]')].map((o) => o.value);
          out.textContent = 'clicks: ' + clicks + ', chosen: ' + chosen.join(' ');
        });
      }, true);
    </script>`,
  );

const RADIOS =
  '<fieldset><legend>Contract</legend><label><input type=radio name=contract value=Full-time checked> Full-time</label>' +
  '<label><input type=radio name=contract value=Part-time> Part-time</label></fieldset>';
/** Radix's and Headless UI's kind: buttons with role=radio and aria-checked, no input. */
const ARIA_RADIOS =
  '<div role=radiogroup aria-label=Contract><button role=radio aria-checked=true value=Full-time>Full-time</button>' +
  '<button role=radio aria-checked=false value=Part-time>Part-time</button></div>';
const CHECKBOX = '<label><input type=checkbox value=conduct> Accepts the code of conduct</label>';

/** docs/runner.md, "Clicking": an option a click left unchosen is clicked once more; a checkbox never is. */
describe('the runner clicks a radio option until it shows itself chosen, once more at most', function () {
  this.timeout(60_000);
  let browser: Browser;
  let site: FidelitySite;

  before(async () => {
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    site = await startFidelitySite({
      'radio-once': swallowing(1, RADIOS),
      'radio-never': swallowing(Infinity, RADIOS),
      'aria-radio-once': swallowing(1, ARIA_RADIOS),
      'checkbox-once': swallowing(1, CHECKBOX),
    });
  });
  after(async () => {
    await site?.close();
    await browser?.close();
  });

  const run = (steps: Parameters<typeof runSteps>[2]) => runSteps(site.baseUrl, browser, steps, 4000);

  it('chooses "Part-time" when the page took the first click back', async () => {
    const result = await run([go('radio-once'), click('Part-time', { text: 'clicks: 2, chosen: Part-time' })]);
    assert.equal(result.outcome, 'passed', stepReasons(result));
  });

  it('does the same for an option drawn as role=radio with aria-checked', async () => {
    const result = await run([go('aria-radio-once'), click('Part-time', { text: 'clicks: 2, chosen: Part-time' })]);
    assert.equal(result.outcome, 'passed', stepReasons(result));
  });

  it('clicks an option that never takes twice, then lets the expectation judge the page', async () => {
    const result = await run([go('radio-never'), click('Part-time', { text: 'chosen: Part-time' })]);
    assert.equal(result.outcome, 'failed', stepReasons(result));
    // The second click shows on the page; a third never comes.
    const twice = await run([go('radio-never'), click('Part-time', { text: 'clicks: 2, chosen: Full-time' })]);
    assert.equal(twice.outcome, 'passed', stepReasons(twice));
    const thrice = await run([go('radio-never'), click('Part-time', { text: 'clicks: 3' })]);
    assert.notEqual(thrice.outcome, 'passed', stepReasons(thrice));
  });

  it('clicks a checkbox once even when the page took the click back: a second click would undo a first that lands', async () => {
    const result = await run([
      go('checkbox-once'),
      click('Accepts the code of conduct', { text: 'clicks: 1, chosen:' }),
      click('Accepts the code of conduct', { text: 'clicks: 2, chosen: conduct' }),
    ]);
    assert.equal(result.outcome, 'passed', stepReasons(result));
  });
});

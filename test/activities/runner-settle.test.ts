import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import type { Step } from '../../core/steps';
import { startFidelitySite, type FidelitySite } from '../helpers/fidelity-site';
import { click, doc, go } from '../fixtures/fidelity/steps';
import { runSteps, stepReasons } from '../helpers/run-cases';

/**
 * The rules of docs/runner.md, "When the page has settled": a click is judged once what it started
 * has arrived, and a text the page showed counts unless the page took it back. Each page here is one
 * rule; its twin (where it has one) keeps the runner from failing every such page. Loopback only:
 * the pages ask nothing of another host.
 */

/** A checkout whose "Pay now" moves the page on to `to` after `afterMs`, with no sign in between. */
const payLater = (to: string, afterMs: number, extra = '') =>
  doc(
    'Checkout',
    `<p>Order total: 12 EUR</p>${extra}<button onclick="setTimeout(() => (location.href = '${to}'), ${afterMs})">Pay now</button>`,
  );

/** The same checkout whose button says it is working ("Processing…") until the page moves on. */
const payBusy = (to: string, afterMs: number) =>
  doc(
    'Checkout',
    `<button onclick="this.disabled = true; this.textContent = 'Processing…'; setTimeout(() => (location.href = '${to}'), ${afterMs})">Pay now</button>`,
  );

/**
 * "Save" whose request `api` stays in flight while `script` runs (the text comes and goes meanwhile):
 * the click's effects arrive only when the request has answered, so the text is judged after it.
 */
const saving = (api: string, script: string, extra = '') =>
  doc(
    'Editor',
    `${extra}<div id=toast></div><input id=field aria-label=Title><button onclick="fetch('${api}', { method: 'POST' }); ${script.replaceAll('"', '&quot;')}">Save</button>`,
  );

/** Shows "Saved" in the toast, and takes it away `ms` later. */
const toast = (ms: number) => `toast.textContent = 'Saved'; setTimeout(() => (toast.textContent = ''), ${ms});`;

/** What a button says while it works: words, three dots, an ellipsis (docs/runner.md). */
const WORKING_TEXTS = ['Please wait', 'Uploading...', 'Uploading…'];

const pages: Record<string, string | { status: number; html: string }> = {
  'pay-late-500': payLater('/p/error-500', 1000),
  'pay-late-ok': payLater('/p/receipt', 1000),
  // The same "Pay now" drawn by a web component, its handler inside the shadow root
  'pay-late-500-shadow': doc(
    'Checkout',
    `<pay-button></pay-button><script>customElements.define('pay-button', class extends HTMLElement {
      connectedCallback() {
        const root = this.attachShadow({ mode: 'open' });
        root.innerHTML = '<button>Pay now</button>';
        root.querySelector('button').onclick = () => setTimeout(() => (location.href = '/p/error-500'), 1000);
      }
    });</script>`,
  ),
  'pay-slow-500': payLater('/api/status/500?delay=3000', 1000),
  'pay-busy-slow-500': payBusy('/api/status/500?delay=3000', 1000),
  'error-500': { status: 500, html: doc('Error', '<h1>Server Error (500)</h1>') },
  receipt: doc('Receipt', '<h1>Payment received</h1>'),
  // A click that starts nothing to wait for: a reminder for much later, a tooltip's timer on hover
  'later-only': doc(
    'Editor',
    `<p id=out></p><button onmouseover="setTimeout(() => (tip.hidden = false), 2900)" onclick="out.textContent = 'Saved'; clearTimeout(setTimeout(() => (out.textContent = 'Undone'), 2900)); setTimeout(() => alert('Still there?'), 10000)">Save</button><p id=tip hidden>Saves your draft</p>`,
  ),
  // Signs on the clicked control and on the page
  'added-forever': doc(
    'Shop',
    `<button onclick="this.disabled = true; this.textContent = 'Added'">Add to cart</button>`,
  ),
  ...Object.fromEntries(
    WORKING_TEXTS.map((text) => [
      `working-${text}`,
      doc('Editor', `<button onclick="this.disabled = true; this.textContent = '${text}'">Save</button>`),
    ]),
  ),
  // A web component whose button draws a spinner in its own shadow root, for good, or for a second
  ...Object.fromEntries(
    [
      ['shadow-spinner', ''],
      ['shadow-spinner-done', 'setTimeout(() => spinner.remove(), 1000);'],
    ].map(([name, end]) => [
      name,
      doc(
        'Editor',
        `<script>customElements.define('save-button', class extends HTMLElement {
          connectedCallback() {
            const root = this.attachShadow({ mode: 'open' });
            root.innerHTML = '<style>.spinner { display: inline-block; width: 12px; height: 12px; border: 2px solid; border-radius: 50%; animation: turn 1s linear infinite } @keyframes turn { to { transform: rotate(1turn) } }</style><button><slot></slot></button>';
            root.querySelector('button').onclick = () => {
              const spinner = Object.assign(document.createElement('span'), { className: 'spinner' });
              root.append(spinner);
              ${end}
            };
          }
        });</script><save-button>Save</save-button>`,
      ),
    ]),
  ),
  'busy-before': doc(
    'Feed',
    `<section aria-busy=true><p>Loading the live feed</p></section><p id=out></p><button onclick="out.textContent = 'Saved'">Save</button>`,
  ),
  // A text the page took back
  'rollback-409': doc(
    'Projects',
    `<p id=out></p><button onclick="out.textContent = 'Project Apollo created'; fetch('/api/status/409?delay=900', { method: 'POST' }).then((r) => { if (!r.ok) out.textContent = '' })">Create project</button>`,
  ),
  'refused-before': saving(
    '/api/status/200?delay=1500',
    `fetch('/api/status/404'); setTimeout(() => { ${toast(500)} }, 400);`,
  ),
  'alert-before': saving('/api/status/200?delay=1500', toast(500), '<p role=alert>Your trial ends in 3 days</p>'),
  'stays-refused-after': saving(
    '/api/status/200?delay=600',
    "toast.textContent = 'Saved'; setTimeout(() => fetch('/api/status/404'), 200);",
  ),
  'hidden-alert-after': saving(
    '/api/status/200?delay=1200',
    `${toast(400)} setTimeout(() => { problem.textContent = 'Could not save'; }, 600);`,
    '<div id=problem role=alert hidden></div>',
  ),
  'image-missing-after': saving(
    '/api/status/200?delay=1200',
    `${toast(400)} setTimeout(() => { const i = new Image(); i.src = '/p/missing.png'; document.body.append(i); }, 600);`,
  ),
  'saved-hidden': doc('Editor', '<p hidden>Saved</p><button>Save</button>'),
  'saved-then-leaves': saving(
    '/api/status/200?delay=300',
    "toast.textContent = 'Saved'; setTimeout(() => (location.href = '/p/receipt'), 400);",
  ),
};

/** How a page can announce that something failed, each added after the text "Saved" went away. */
const ANNOUNCEMENTS: Record<string, string> = {
  'role=alert':
    "const a = document.createElement('p'); a.setAttribute('role', 'alert'); a.textContent = 'Could not save'; document.body.append(a);",
  'role=alertdialog':
    "const a = document.createElement('div'); a.setAttribute('role', 'alertdialog'); a.textContent = 'Could not save'; document.body.append(a);",
  'aria-live=assertive':
    "const a = document.createElement('p'); a.setAttribute('aria-live', 'assertive'); a.textContent = 'Could not save'; document.body.append(a);",
  'aria-invalid=true': "document.getElementById('field').setAttribute('aria-invalid', 'true');",
};
for (const [kind, announce] of Object.entries(ANNOUNCEMENTS)) {
  pages[`announced-${kind}`] = saving(
    '/api/status/200?delay=1200',
    `${toast(400)} setTimeout(() => { ${announce} }, 600);`,
  );
}

describe('a click is judged once what it started has arrived (docs/runner.md, "When the page has settled")', function () {
  this.timeout(60_000);
  let browser: Browser;
  let site: FidelitySite;

  before(async () => {
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    site = await startFidelitySite(pages);
  });
  after(async () => {
    await site?.close();
    await browser?.close();
  });

  const run = (steps: Step[], stepTimeoutMs = 6000) => runSteps(site.baseUrl, browser, steps, stepTimeoutMs);
  const reasons = stepReasons;

  describe('a navigation a script starts later', () => {
    it('fails "Pay now" whose page moves on a second later, with no sign in between, to an error page', async () => {
      const result = await run([go('pay-late-500'), click('Pay now')]);
      assert.equal(result.outcome, 'failed', reasons(result));
      assert.equal(result.steps[1].reason, 'After clicking "Pay now", the page answered with HTTP 500.');
      assert.equal(result.steps[1].observed.status, 500);
    });

    it('fails the same "Pay now" when a web component handles it inside its shadow root', async () => {
      const result = await run([go('pay-late-500-shadow'), click('Pay now')]);
      assert.equal(result.outcome, 'failed', reasons(result));
      assert.equal(result.steps[1].reason, 'After clicking "Pay now", the page answered with HTTP 500.');
    });

    it('passes the same "Pay now" whose page moves on to a receipt', async () => {
      const result = await run([go('pay-late-ok'), click('Pay now')]);
      assert.equal(result.outcome, 'passed', reasons(result));
      assert.match(result.steps[1].observed.url, /\/p\/receipt$/, 'judged on the page it moved to');
    });

    it('judges the expectation on the page the click moved to, not on the page it left', async () => {
      // "Order total" is on the checkout, which the click leaves a second later for a receipt without it.
      const left = await run([go('pay-late-ok'), click('Pay now', { text: 'Order total' })], 3000);
      assert.equal(left.outcome, 'failed', reasons(left));
      assert.match(left.steps[1].reason, /did not show "Order total"/);
      const arrived = await run([go('pay-late-ok'), click('Pay now', { text: 'Payment received' })]);
      assert.equal(arrived.outcome, 'passed', reasons(arrived));
    });

    it('judges at once a click whose timers are a reminder for much later, one it cleared, and a tooltip on hover', async () => {
      // Any of them waited for would hold the step about 3 s (the bound of the timers a click set).
      const result = await run([go('later-only'), click('Save', { text: 'Saved' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
      assert.ok(result.steps[1].durationMs < 2800, `the click took ${result.steps[1].durationMs} ms`);
    });

    it('waits for a next page that arrives 4 s after the click, within the step, and fails on its 500', async () => {
      // The 3 s bound is for the page's requests; a navigation is waited for until the next page has loaded.
      for (const name of ['pay-slow-500', 'pay-busy-slow-500']) {
        const result = await run([go(name), click('Pay now')]);
        assert.equal(result.outcome, 'failed', `${name}\n${reasons(result)}`);
        assert.equal(result.steps[1].reason, 'After clicking "Pay now", the page answered with HTTP 500.', name);
      }
    });
  });

  describe('a busy sign the click raised', () => {
    it('passes "Add to cart" that merely turned disabled ("Added"), after waiting for it at most 3 s', async () => {
      const result = await run([go('added-forever'), click('Add to cart')]);
      assert.equal(result.outcome, 'passed', reasons(result));
      const took = result.steps[1].durationMs;
      assert.ok(took >= 2500 && took < 5500, `the click took ${took} ms`);
    });

    it('calls "Save" that turned into a disabled button saying it works, for good, still busy at the deadline: unverified', async () => {
      for (const text of WORKING_TEXTS) {
        // Over the 3 s a control that merely went disabled is waited for.
        const result = await run([go(`working-${text}`), click('Save')], 4000);
        assert.equal(result.outcome, 'unverified', `${text}\n${reasons(result)}`);
        assert.equal(result.steps[1].reason, 'After clicking "Save", the page was still busy after 4 s.', text);
        assert.equal(result.steps[1].diagnosis?.category, 'timeout', text);
      }
    });

    it('waits for a spinner a web component draws in its shadow root, and calls it still busy at the deadline', async () => {
      const done = await run([go('shadow-spinner-done'), click('Save')], 4000);
      assert.equal(done.outcome, 'passed', reasons(done));
      assert.ok(done.steps[1].durationMs >= 900, `the click took ${done.steps[1].durationMs} ms`);
      const forever = await run([go('shadow-spinner'), click('Save')], 4000);
      assert.equal(forever.outcome, 'unverified', reasons(forever));
      assert.equal(forever.steps[1].reason, 'After clicking "Save", the page was still busy after 4 s.');
    });

    it('does not wait for a busy region that was there before the click', async () => {
      const result = await run([go('busy-before'), click('Save')]);
      assert.equal(result.outcome, 'passed', reasons(result));
      assert.ok(result.steps[1].durationMs < 2800, `the click took ${result.steps[1].durationMs} ms`);
    });
  });

  describe('a text the page showed counts unless the page took it back', () => {
    it('fails a created project the page takes back when its request answers 409, with no alert', async () => {
      const result = await run([go('rollback-409'), click('Create project', { text: 'Project Apollo created' })]);
      assert.equal(result.outcome, 'failed', reasons(result));
      assert.equal(result.steps[1].diagnosis?.category, 'application');
      assert.match(
        result.steps[1].reason,
        /the page showed "Project Apollo created", then took it back when a request answered HTTP 409/,
      );
    });

    it('fails "Saved" that went away when the page then announced a failure, whichever way it announced it', async () => {
      for (const kind of Object.keys(ANNOUNCEMENTS)) {
        const result = await run([go(`announced-${kind}`), click('Save', { text: 'Saved' })]);
        assert.equal(result.outcome, 'failed', `${kind}\n${reasons(result)}`);
        assert.match(
          result.steps[1].reason,
          kind === 'aria-invalid=true'
            ? /the page showed "Saved", then took it back and said "a field marked invalid \(Title\)"/
            : /the page showed "Saved", then took it back and said "Could not save"/,
          kind,
        );
      }
    });

    it('passes "Saved" that faded when the only refused request answered before it showed', async () => {
      const result = await run([go('refused-before'), click('Save', { text: 'Saved' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('passes "Saved" that faded when the only alert was on the page before it showed', async () => {
      const result = await run([go('alert-before'), click('Save', { text: 'Saved' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('passes "Saved" that faded when the failure the page then wrote is in an alert nobody can see', async () => {
      const result = await run([go('hidden-alert-after'), click('Save', { text: 'Saved' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('passes "Saved" that is still on screen, though a request refused after it', async () => {
      const result = await run([go('stays-refused-after'), click('Save', { text: 'Saved' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('passes "Saved" that faded when what answered 404 after it was an image, not a request of the page', async () => {
      const result = await run([go('image-missing-after'), click('Save', { text: 'Saved' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('does not count a "Saved" the page holds hidden', async () => {
      const result = await run([go('saved-hidden'), click('Save', { text: 'Saved' })], 1500);
      assert.equal(result.outcome, 'failed', reasons(result));
    });

    it('does not count "Saved" seen on a page the click then left', async () => {
      const result = await run([go('saved-then-leaves'), click('Save', { text: 'Saved' })], 3000);
      assert.equal(result.outcome, 'failed', reasons(result));
      assert.match(result.steps[1].reason, /did not show "Saved"/);
    });
  });
});

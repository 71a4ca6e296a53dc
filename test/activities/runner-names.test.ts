import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import { controlCandidates, findVisible } from '../../activities/engines/web/locate';
import { isClosed } from '../../activities/engines/shared/failures';
import type { Step } from '../../core/steps';
import { startFidelitySite, type FidelitySite } from '../helpers/fidelity-site';
import { click, doc, fill, go } from '../fixtures/fidelity/steps';
import { runSteps, stepReasons } from '../helpers/run-cases';

/**
 * How the runner finds what a step names, as docs/runner.md says: names read as a person reads them,
 * controls inside closed shadow roots (which stay closed to the page), words slotted into web
 * components' shadow roots, and, when nothing matches, the closest names of that kind with a
 * suggested change. Loopback pages only.
 */

/** The dashes docs/runner.md reads alike: hyphen-minus first, then every other kind it lists. */
const DASHES: [string, string][] = [
  ['hyphen-minus', '-'],
  ['hyphen', '\u2010'],
  ['non-breaking hyphen', '\u2011'],
  ['figure dash', '\u2012'],
  ['en dash', '\u2013'],
  ['em dash', '\u2014'],
  ['horizontal bar', '\u2015'],
  ['minus sign', '\u2212'],
  ['small em dash', '\uFE58'],
  ['small hyphen-minus', '\uFE63'],
  ['fullwidth hyphen-minus', '\uFF0D'],
];
/** The apostrophes and single quotes read alike, straight first. */
const APOSTROPHES: [string, string][] = [
  ['apostrophe', "'"],
  ['right single quote', '\u2019'],
  ['left single quote', '\u2018'],
  ['single low-9 quote', '\u201A'],
  ['single high-reversed-9 quote', '\u201B'],
  ['modifier letter apostrophe', '\u02BC'],
  ['grave accent', '`'],
  ['acute accent', '\u00B4'],
  ['single guillemets', '\u2039'],
  ['single guillemets', '\u203A'],
];
/** The double quotes read alike, straight first. */
const QUOTES: [string, string][] = [
  ['quotation mark', '"'],
  ['left double quote', '\u201C'],
  ['right double quote', '\u201D'],
  ['double low-9 quote', '\u201E'],
  ['double high-reversed-9 quote', '\u201F'],
  ['guillemet', '\u00AB'],
  ['guillemet', '\u00BB'],
];
/** A word per case, so that no name on a page contains another. */
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo'];
const title = (word: string) => word[0].toUpperCase() + word.slice(1);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * A page of buttons, one per name; each writes "<name> chosen" (the same characters) when clicked.
 * The script reads the name from the button, so the page's characters reach the text unchanged.
 */
const buttons = (names: string[]) =>
  doc(
    'Names',
    names
      .map((name) => `<button onclick="out.textContent = this.textContent + ' chosen'">${escapeHtml(name)}</button>`)
      .join(' ') + '<p id=out></p>',
  );

/** Steps that click each name as the step writes it and expect "<name> chosen" in the step's writing. */
const clicks = (page: string, names: string[]): Step[] => [
  go(page),
  ...names.map((name) => click(name, { text: `${name} chosen` })),
];

/** For each character kind: the page writes the name with it, the step with the first kind; and the other way round. */
function variants(kinds: [string, string][], make: (word: string, char: string) => string) {
  const [, plain] = kinds[0];
  return {
    pageFancy: kinds.map(([, char], i) => make(WORDS[i], char)),
    stepPlain: kinds.map((_, i) => make(WORDS[i], plain).toLowerCase()),
    pagePlain: kinds.map((_, i) => make(WORDS[i], plain)),
    stepFancy: kinds.map(([, char], i) => make(WORDS[i], char).toUpperCase()),
  };
}

const dashes = variants(DASHES, (word, dash) => `${title(word)}${dash}review`);
const apostrophes = variants(APOSTROPHES, (word, mark) => `${title(word)}${mark}s plan`);
const quotes = variants(QUOTES, (word, mark) => `Open ${mark}${title(word)}${mark}`);

/** A component whose button lives in a closed shadow root; the page reports what its own scripts see. */
const SHADOW = doc(
  'Widgets',
  `<x-closed></x-closed><x-open></x-open><p id=out></p><script>
    let closedRoot, openRoot;
    customElements.define('x-closed', class extends HTMLElement {
      constructor() {
        super();
        closedRoot = this.attachShadow({ mode: 'closed' });
        closedRoot.innerHTML = '<button>Subscribe</button>';
        closedRoot.querySelector('button').onclick = () => {
          const closedHost = document.querySelector('x-closed');
          const openHost = document.querySelector('x-open');
          out.textContent = [
            'closed host: ' + (closedHost.shadowRoot === null ? 'no root' : 'a root'),
            'closed mode: ' + closedRoot.mode,
            'open host: ' + (openHost.shadowRoot === openRoot ? 'its root' : 'not its root'),
            'open mode: ' + openRoot.mode,
          ].join('; ');
        };
      }
    });
    customElements.define('x-open', class extends HTMLElement {
      constructor() {
        super();
        openRoot = this.attachShadow({ mode: 'open' });
        openRoot.innerHTML = '<span>Open part</span>';
      }
    });
  </script>`,
);

/**
 * Web components that draw their parts in open shadow roots and slot the page's words into them, as
 * Shoelace does: a button, a modal dialog with an overlay over the page, an alert.
 */
const WEB_COMPONENTS = doc(
  'Team',
  `<x-button id=row>Remove Ada</x-button>
  <x-button id=signin>Sign in</x-button>
  <p id=out></p>
  <script>
    const part = (name, html) =>
      customElements.define(name, class extends HTMLElement {
        connectedCallback() {
          if (!this.shadowRoot) this.attachShadow({ mode: 'open' }).innerHTML = html;
        }
      });
    part('x-button', '<button><slot></slot></button>');
    part('x-alert', '<div role="alert"><slot></slot></div>');
    part(
      'x-dialog',
      '<div style="position: fixed; inset: 0; background: #0008"></div>' +
        '<div role="dialog" aria-modal="true" style="position: fixed; top: 40%; left: 40%; background: white"><slot></slot></div>',
    );
    row.onclick = () => {
      const dialog = document.createElement('x-dialog');
      dialog.innerHTML = '<p>Remove Ada?</p><x-button>Remove</x-button>';
      dialog.querySelector('x-button').onclick = () => (out.textContent = 'Ada removed');
      document.body.append(dialog);
    };
    signin.onclick = () => {
      const alert = document.createElement('x-alert');
      alert.textContent = 'Wrong username or password';
      document.body.append(alert);
    };
  </script>`,
);

describe('the runner finds what a step names as a person would (docs/runner.md)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let site: FidelitySite;

  before(async () => {
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    site = await startFidelitySite({
      'dashes-fancy': buttons(dashes.pageFancy),
      'dashes-plain': buttons(dashes.pagePlain),
      'apostrophes-fancy': buttons(apostrophes.pageFancy),
      'apostrophes-plain': buttons(apostrophes.pagePlain),
      'quotes-fancy': buttons(quotes.pageFancy),
      'quotes-plain': buttons(quotes.pagePlain),
      spaces: buttons(['Next\u00a0\u00a0step', 'Go\u202fback', 'Add  to   cart', 'Check out']),
      field: doc(
        'Account',
        `<label>Customer\u2019s e\u2011mail <input id=mail></label><input placeholder="Promo\u00a0\u2013 code">`,
      ),
      shadow: SHADOW,
      'web-components': WEB_COMPONENTS,
      'exact-text': doc(
        'Shop',
        `<p>Sign in to see your orders</p><span onclick="out.textContent = 'Signing in'">Sign in</span><p id=out></p>`,
      ),
      // A link "Help" in the page and one in a frame: each says which was clicked, in the page.
      'frame-tie': doc(
        'Help',
        `<a href="#" onclick="out.textContent = 'Page help opened'; return false">Help</a><p id=out></p>` +
          `<iframe srcdoc="<a href='#' onclick='parent.out.textContent = &quot;Framed help opened&quot;; return false'>Help</a>"></iframe>`,
      ),
      'frame-preferred': doc(
        'Help',
        `<p>Help</p><p id=out></p>` +
          `<iframe srcdoc="<button onclick='parent.out.textContent = &quot;Framed help opened&quot;'>Help</button>"></iframe>`,
      ),
      'suggest-edge': doc('Welcome', '<button>Send invite</button>'),
      'suggest-under': doc('Welcome', '<button>Send invites</button>'),
      'suggest-open': doc('Welcome', '<button>Open</button>'),
      'suggest-read-alike': doc('Welcome', '<button>SEND\u2011INVITE</button>'),
      'suggest-three': doc(
        'Welcome',
        ['Create account', 'Shop now', 'Send invite', 'Log in', 'Sign up']
          .map((name) => `<button>${name}</button>`)
          .join(' ') + '<button hidden>Sign in now</button>',
      ),
      'suggest-fields': doc(
        'Contact',
        '<button>Email us</button> <a href="#">Emails</a> <label>E-mail address <input></label> <label>Volume <input type=range></label>',
      ),
    });
  });
  after(async () => {
    await site?.close();
    await browser?.close();
  });

  const run = (steps: Step[], stepTimeoutMs = 4000) => runSteps(site.baseUrl, browser, steps, stepTimeoutMs);
  const reasons = stepReasons;

  describe('names read as a person reads them: case, quotes, dashes and spaces do not matter', () => {
    it('clicks "alpha-review" on a button that writes it with any kind of dash, and sees its answer', async () => {
      const result = await run(clicks('dashes-fancy', dashes.stepPlain));
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('clicks a button written with a hyphen-minus when the step writes any other kind of dash', async () => {
      const result = await run(clicks('dashes-plain', dashes.stepFancy));
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('clicks "alpha\'s plan" on a button that writes it with any apostrophe or single quote, and back', async () => {
      const there = await run(clicks('apostrophes-fancy', apostrophes.stepPlain));
      assert.equal(there.outcome, 'passed', reasons(there));
      const back = await run(clicks('apostrophes-plain', apostrophes.stepFancy));
      assert.equal(back.outcome, 'passed', reasons(back));
    });

    it('clicks \'open "alpha"\' on a button that writes it with any double quote or guillemet, and back', async () => {
      const there = await run(clicks('quotes-fancy', quotes.stepPlain));
      assert.equal(there.outcome, 'passed', reasons(there));
      const back = await run(clicks('quotes-plain', quotes.stepFancy));
      assert.equal(back.outcome, 'passed', reasons(back));
    });

    it('reads no-break spaces, narrow no-break spaces and runs of spaces as one space, either side', async () => {
      const result = await run(
        clicks('spaces', ['next step', 'go back', 'add to cart', 'Check \u00a0  out'.toUpperCase()]),
      );
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('fills a field by a label and a placeholder written with a curly apostrophe, a dash and a no-break space', async () => {
      const result = await run([
        go('field'),
        fill("customer's e-mail", 'ada@example.test'),
        fill('promo - code', 'SPRING'),
      ]);
      assert.equal(result.outcome, 'passed', reasons(result));
      assert.deepEqual(
        result.steps.slice(1).map((s) => s.observed.value),
        ['ada@example.test', 'SPRING'],
      );
    });

    it('clicks a plain text by its whole text, not a sentence that contains it', async () => {
      const result = await run([go('exact-text'), click('sign in', { text: 'Signing in' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('still tells different names apart: a step naming another word of the page finds nothing', async () => {
      // Read alike is not "anything goes": "alpha review" (a space, not a dash) is not "Alpha–review".
      const result = await run([go('dashes-fancy'), click('alpha review')], 1500);
      assert.equal(result.outcome, 'unverified', reasons(result));
    });
  });

  describe('a control not found names the closest ones and suggests a likely rename', () => {
    /** The step that did not find its control or field. */
    const missed = async (page: string, step: Step) => {
      const result = await run([go(page), step], 1000);
      assert.equal(result.outcome, 'unverified', reasons(result));
      return result.steps[1];
    };

    it('suggests "Send invite" for "Sign in": a likeness of exactly 0.3 is close enough', async () => {
      const step = await missed('suggest-edge', click('Sign in'));
      assert.equal(step.reason, 'No control named "Sign in" appeared within 1 s; the page has button "Send invite".');
      assert.deepEqual(step.diagnosis?.suggestedChange, { target: 'Send invite' });
      assert.match(step.diagnosis?.suggestedAction ?? '', /change the step's target from "Sign in" to "Send invite"/);
    });

    it('names "Send invites" for "Sign in" but does not suggest it: 6/21 is under 0.3', async () => {
      const step = await missed('suggest-under', click('Sign in'));
      assert.equal(step.reason, 'No control named "Sign in" appeared within 1 s; the page has button "Send invites".');
      assert.equal(step.diagnosis?.suggestedChange, undefined);
    });

    it('counts a letter pair once for each time both names have it: "Open" is 2/13 from "Sign in", not suggested', async () => {
      // Of the pairs of " open ", only "n " is in " sign in ", which has it twice: shared once, 2·1/(8+5).
      const step = await missed('suggest-open', click('Sign in'));
      assert.equal(step.reason, 'No control named "Sign in" appeared within 1 s; the page has button "Open".');
      assert.equal(step.diagnosis?.suggestedChange, undefined);
    });

    it('compares the names as a person reads them: "SEND‑INVITE" is as close to "Sign-in" as "send-invite"', async () => {
      const step = await missed('suggest-read-alike', click('Sign-in'));
      assert.deepEqual(step.diagnosis?.suggestedChange, { target: 'SEND\u2011INVITE' });
    });

    it('names at most three, the closest first, and none that is hidden', async () => {
      // Likeness to "Sign in": "Sign up" 10/16, "Log in" 6/15, "Send invite" 6/20, "Shop now" 2/17,
      // "Create account" 0; the hidden "Sign in now" would be the closest of all.
      const step = await missed('suggest-three', click('Sign in'));
      assert.equal(
        step.reason,
        'No control named "Sign in" appeared within 1 s; the page has buttons "Sign up", "Log in" and "Send invite".',
      );
      assert.deepEqual(step.diagnosis?.suggestedChange, { target: 'Sign up' });
    });

    it('names only fields for a fill, though a button is closer', async () => {
      const step = await missed('suggest-fields', fill('Email', 'ada@example.test'));
      assert.equal(
        step.reason,
        'No field labelled "Email" appeared within 1 s; the page has field "E-mail address" and slider "Volume".',
      );
      assert.deepEqual(step.diagnosis?.suggestedChange, { target: 'E-mail address' });
    });
  });

  describe('closed shadow roots', () => {
    it("clicks the page's own control when a frame has one of the same kind and name (the page wins a tie)", async () => {
      const result = await run([go('frame-tie'), click('Help', { text: 'Page help opened' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('clicks a button in a frame over a plain text of the page that reads the same (the preferred kind wins)', async () => {
      const result = await run([go('frame-preferred'), click('Help', { text: 'Framed help opened' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('ends a look for a control at once when the page closes, instead of looking until its time is up', async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${site.baseUrl}/p/exact-text`);
        const look = findVisible(page, (scope) => controlCandidates(scope, 'Nothing of that name'), 8000);
        setTimeout(() => void page.close(), 300);
        const error = await look.then(
          () => new Error('found a control on a page that has none of that name'),
          (err: unknown) => err,
        );
        assert.ok(isClosed(error), `a closed page, not: ${String(error)}`);
      } finally {
        await context.close();
      }
    });

    it('clicks a button inside a closed shadow root, whose page still reads the root as closed', async () => {
      const result = await run([
        go('shadow'),
        click('Subscribe', {
          text: 'closed host: no root; closed mode: closed; open host: its root; open mode: open',
        }),
      ]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });
  });

  describe('open shadow roots, the page’s words slotted into them', () => {
    it('clicks "Remove" in a dialog a web component draws, not the "Remove Ada" behind its overlay', async () => {
      const result = await run([go('web-components'), click('Remove Ada'), click('Remove', { text: 'Ada removed' })]);
      assert.equal(result.outcome, 'passed', reasons(result));
    });

    it('quotes the refusal an alert drawn in a shadow root says', async () => {
      const result = await run([go('web-components'), click('Sign in', { text: 'Welcome back' })]);
      assert.equal(result.outcome, 'failed', reasons(result));
      assert.match(result.steps[1].reason, /it said "Wrong username or password"/);
    });
  });
});

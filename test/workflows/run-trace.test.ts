import assert from 'node:assert/strict';
import { call, key, newCase } from '../helpers/app';
import { followRun, useRunStack, traceLink } from '../helpers/runs';
import { openTrace, zipEntries } from '../helpers/zips';

// Characters that make the raw, URL-encoded, form-encoded and JSON forms of the secret all differ.
const SECRET = 'Tr4ce "secret"/pa$$ word+';

/** Every form the secret takes on its way through a browser (typed, posted, logged, encoded). */
const SECRET_FORMS = [
  SECRET,
  encodeURIComponent(SECRET),
  new URLSearchParams([['', SECRET]]).toString().slice(1),
  JSON.stringify(SECRET).slice(1, -1),
  Buffer.from(SECRET).toString('base64'),
];

const signIn = (expectText: string) => [
  { action: 'navigate', target: '/login' },
  { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
  { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
  { action: 'click', target: 'Sign in', expect: { text: expectText } },
];

describe('Playwright traces of web Runs', function () {
  this.timeout(180_000);

  describe('default (RUNNER_TRACE=on-failure)', () => {
    const s = useRunStack(SECRET);
    const run = async (name: string, steps: unknown[]) => {
      const testCaseId = (await newCase(s, { name, steps })).id as string;
      const [runId] = (
        await call(s.app, s.org.apiKey, 'run.trigger', { idempotencyKey: key(), environmentSlug: 'local', testCaseId })
      ).body.runIds;
      await followRun(s.app, s.org.apiKey, runId);
      return { runId, evidence: (await call(s.app, s.org.apiKey, 'run.evidence', { runId })).body };
    };

    it('keeps a trace of a failed Run for the API key, outside External Evidence, recorded until the secret', async () => {
      const { runId, evidence } = await run('Wrong greeting', signIn('Goodbye'));
      assert.equal(evidence.verdict, 'failed');
      assert.ok(
        s.site.passwords.includes(SECRET),
        'the page received the secret, so a recording would have seen it typed and posted',
      );
      const kinds = evidence.steps.flatMap((step: { media: Array<{ kind: string }> }) => step.media.map((m) => m.kind));
      assert.deepEqual([...new Set(kinds)], ['screenshot'], 'a trace is not evidence');
      const link = await traceLink(s.app, s.org.apiKey, runId);
      assert.equal(link.status, 302);
      const download = await fetch(new URL(link.headers.get('location')!, s.app.url));
      assert.equal(download.status, 200);
      assert.equal(download.headers.get('content-type'), 'application/zip');
      const zip = Buffer.from(await download.arrayBuffer());

      const entries = await zipEntries(zip);
      assert.ok(entries.has('trace.trace') && entries.has('trace.network'), [...entries.keys()].join(', '));
      for (const [name, data] of entries) {
        const text = data.toString('latin1'); // byte-wise, so binary entries are searched too
        for (const form of SECRET_FORMS)
          assert.ok(!text.includes(Buffer.from(form).toString('latin1')), `${name} holds the secret as ${form}`);
      }
      const log = entries.get('trace.trace')!.toString('utf8');
      assert.match(log, /ada@example\.test/, 'the fill before the secret is recorded, value and all');

      // The trace opens with the tooling playwright-core ships (the same parser as show-trace).
      const trace = await openTrace(zip);
      try {
        const stdout = trace.actions;
        assert.match(stdout, /Navigate/);
        assert.match(stdout, /Fill/);
        // From the secret on nothing was recorded: those steps are listed with their screenshots only.
        assert.match(stdout, /Fill "Password" \(not recorded\)/);
        assert.match(stdout, /Click "Sign in" \(not recorded\)/);
        // The trace reads as the Run: its actions, not the runner's own looks while it waited
        // (counting matches, reading a field, the page title), each of which Playwright would snapshot.
        assert.doesNotMatch(stdout, /Query count|Evaluate|Get inner text|Aria snapshot|Get title/i, stdout);
        // Screenshots are part of the trace (issue 13): the viewer has a frame for the failed click.
        const click = /^\s*(\d+)\.\s+\S+\s+Step 4: Click\b/m.exec(stdout);
        assert.ok(click, stdout);
        const image = await trace.screenshot(click[1]);
        assert.equal(image.subarray(1, 4).toString('latin1'), 'PNG');
        assert.deepEqual(
          [image.readUInt32BE(16), image.readUInt32BE(20)],
          [1280, 800],
          'the viewport, as the Run saw it',
        );
      } finally {
        await trace.close();
      }
    });

    it('keeps none for a passing Run', async () => {
      const { runId, evidence } = await run('Sign in', signIn('Welcome'));
      assert.equal(evidence.verdict, 'passed');
      const trace = await traceLink(s.app, s.org.apiKey, runId);
      assert.equal(trace.status, 404);
    });
  });

  describe('RUNNER_TRACE=always', () => {
    const s = useRunStack(SECRET, { RUNNER_TRACE: 'always' });

    it('keeps a trace of a passing Run too', async () => {
      const testCaseId = (
        await newCase(s, { name: 'Home', steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }] })
      ).id as string;
      const [runId] = (
        await call(s.app, s.org.apiKey, 'run.trigger', { idempotencyKey: key(), environmentSlug: 'local', testCaseId })
      ).body.runIds;
      await followRun(s.app, s.org.apiKey, runId);
      const evidence = (await call(s.app, s.org.apiKey, 'run.evidence', { runId })).body;
      assert.equal(evidence.verdict, 'passed');
      assert.deepEqual(
        evidence.steps[0].media.map((m: { kind: string }) => m.kind),
        ['screenshot'],
      );
      const trace = await traceLink(s.app, s.org.apiKey, runId);
      assert.equal(trace.status, 302);
    });
  });
});

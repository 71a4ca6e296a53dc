import assert from 'node:assert/strict';
import { reportLinks, signedReportUrl } from '../../domain/runs/report-links';
import { environment, triggerStepsPlan, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';

/**
 * Report pages take no bearer: their signed link is the authorization (like media links, whose
 * "query parameters must not be edited"). The signature is checked before anything is looked up,
 * so a link as issued for an id that has no Run gets 404, and any other link 403.
 */
describe('report links: the signature is the authorization', () => {
  // No workers: the Runs stay queued, and a queued Run has its page too.
  const t = useApp(privateQueues());

  /** A link as the service issues it, for a Run or plan group id that does not exist. */
  const issued = (kind: 'run' | 'group', id: string, now = Date.now()) => {
    const url = new URL(signedReportUrl(reportLinks(t.app.deps.config), kind, id, now));
    return new URL(url.pathname + url.search, t.app.url);
  };
  const status = async (url: URL) => (await fetch(url)).status;

  it('lets a link as issued through to the lookup, for a Run and for a plan group', async () => {
    assert.equal(await status(issued('run', 'run_nosuchrun0000000000')), 404);
    assert.equal(await status(issued('group', 'pg_nosuchgroup00000000')), 404);
  });

  it("names the Run's plan on the page of a Run of a plan's own steps", async () => {
    await environment(t, 'reports', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const { triggered } = await triggerStepsPlan(
      t,
      { name: 'Checkout smoke', steps: [{ action: 'navigate', target: '/' }] },
      'reports',
    );
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const page = await fetch(issued('run', triggered.body.runId));
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(html.includes('Checkout smoke'), 'the plan is named');
  });

  it('refuses a link without its signature or expiry, edited, moved to another id, or expired', async () => {
    const url = issued('run', 'run_nosuchrun0000000000');
    const edited = (change: (q: URLSearchParams) => void) => {
      const copy = new URL(url);
      change(copy.searchParams);
      return copy;
    };
    const sig = url.searchParams.get('sig')!;
    const exp = Number(url.searchParams.get('exp'));
    for (const [why, link] of [
      ['no signature', edited((q) => q.delete('sig'))],
      ['no expiry', edited((q) => q.delete('exp'))],
      ['an expiry that is not a time', edited((q) => q.set('exp', 'tomorrow'))],
      ['a later expiry', edited((q) => q.set('exp', String(exp + 86_400_000)))],
      [
        'another signature',
        edited((q) =>
          q.set(
            'sig',
            sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
          ),
        ),
      ],
      ['another Run', new URL(url.href.replace('run_nosuchrun0000000000', 'run_nosuchrun0000000001'))],
      ['the group page of that id', new URL(url.href.replace('/api/reports/runs/', '/api/reports/plan-groups/'))],
      // Issued 40 days ago: report links live REPORT_LINK_TTL_DAYS (rounded up to a whole day).
      ['an expired link', issued('run', 'run_nosuchrun0000000000', Date.now() - 40 * 86_400_000)],
    ] as const) {
      const reply = await fetch(link);
      assert.equal(reply.status, 403, `${why}: ${link.search}`);
      assert.match((await reply.json()).error, /invalid or expired/);
    }
  });
});

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { junitXml, type CaseResult } from '../../cli/src/junit';

const XSD = path.resolve(__dirname, '../fixtures/junit/surefire-test-report-3.0.xsd');

const run = (name: string, fields: Partial<CaseResult>): CaseResult => ({
  name,
  status: 'passing',
  verdict: 'passed',
  validity: 'valid',
  flaky: false,
  durationMs: 1000,
  steps: [],
  attachments: [],
  ...fields,
});

/** Issue 77 point 4: the accessibility check summarized in the JUnit report, per Run and for the suite. */
describe('JUnit: the accessibility summary', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'junit-a11y-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('names each checked Run’s violations by impact and the new ones, adds them up, and stays schema-valid', async () => {
    const xml = junitXml({
      name: 'Checkout',
      timestamp: Date.UTC(2026, 11, 7),
      cases: [
        run('Buy', {
          runId: 'run_a',
          accessibility: {
            mode: 'fail',
            pages: 2,
            violations: { critical: 1, serious: 0, moderate: 0, minor: 2 },
            newViolations: { critical: 1, serious: 0, moderate: 0, minor: 0 },
            baselineRunId: 'run_0',
          },
        }),
        run('Browse', {
          runId: 'run_b',
          accessibility: {
            mode: 'report',
            pages: 1,
            violations: { critical: 0, serious: 1, moderate: 0, minor: 0 },
          },
        }),
        run('Not checked', { runId: 'run_c' }),
      ],
    });
    const file = path.join(tmp, 'report.xml');
    writeFileSync(file, xml);
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    const suite: any = await parseJunit(xml);
    const props = Object.fromEntries(suite.properties.map((p: { name: string; value: string }) => [p.name, p.value]));
    assert.equal(props['Buy.accessibility'], '2 pages: 1 critical, 2 minor; new: 1 critical');
    assert.equal(props['Browse.accessibility'], '1 page: 1 serious; no baseline to compare with');
    assert.equal(props['Not checked.accessibility'], undefined);
    assert.equal(props.accessibility, '3 pages: 1 critical, 1 serious, 2 minor; new: 1 critical');
    const buy = suite.testcase.find((c: { name: string }) => c.name === 'Buy');
    assert.match(buy['system-out'][0], /Accessibility: 2 pages: 1 critical, 2 minor; new: 1 critical/);
  });
});

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');

/**
 * Issue 76, point 10: the console and qa type their calls from the API's own schemas, so a field the
 * API renames or removes fails the build, not a person's screen. Proven on a copy held in memory:
 * the compiler reads the repository's files except the schema files changed below, and must then
 * refuse the console's and qa's code that reads the old names.
 */
const RENAMES: Array<{ file: string; from: string; to: string; readers: string[] }> = [
  // environment.list: the Author view picks a value's name from these, the Environments view lists them.
  {
    file: 'api/schemas/catalog.ts',
    from: '  runtimeValueNames: z.array',
    to: '  valueNamesRenamed: z.array',
    readers: ['console/src/views/Environments.tsx', 'console/src/views/author/CaseEditor.tsx'],
  },
  // run.evidence: Try offers the runner's suggestion as a one-click replacement.
  {
    file: 'api/endpoints/runs/evidence.ts',
    from: '      suggestedChange: z',
    to: '      suggestedChangeRenamed: z',
    readers: ['console/src/views/author/TryPanel.tsx'],
  },
  // run.list: the Runs list's duration column.
  {
    file: 'api/endpoints/runs/list.v1.ts',
    from: '        durationMs: z',
    to: '        durationMsRenamed: z',
    readers: ['console/src/views/Runs.tsx'],
  },
  // run.get and run.list name what a Run ran: its page, Compare and qa read it.
  {
    file: 'api/schemas/runs.ts',
    from: '  testCaseId: z',
    to: '  testCaseIdRenamed: z',
    readers: ['console/src/views/Run.tsx', 'console/src/views/compare/Compare.tsx', 'test/cli/shapes.test.ts'],
  },
  // GET /api/runs/{runId}: the Run that a rerun repeats.
  {
    file: 'api/schemas/runs.ts',
    from: '        rerunOf: z',
    to: '        rerunOfRenamed: z',
    readers: ['console/src/views/Run.tsx'],
  },
  // run.get's acceptance: the group review marks accepted Runs.
  {
    file: 'api/endpoints/runs/get.v1.ts',
    from: '    visualAcceptance: visualAcceptance',
    to: '    visualAcceptanceRenamed: visualAcceptance',
    readers: ['console/src/views/GroupReview.tsx', 'console/src/views/Run.tsx'],
  },
  // Plan groups: their counts.
  {
    file: 'api/presenters/plan-groups.ts',
    from: '    inconclusive: z',
    to: '    inconclusiveRenamed: z',
    readers: ['console/src/views/PlanGroups.tsx'],
  },
  // Insights: failure causes, slow steps; a case's health and history.
  {
    file: 'api/endpoints/insights/failure-causes.ts',
    from: '        firstSeenAt: z',
    to: '        firstSeenAtRenamed: z',
    readers: ['console/src/views/FailureCauses.tsx'],
  },
  {
    file: 'api/endpoints/insights/slow-steps.ts',
    from: '        avgMs: z',
    to: '        avgMsRenamed: z',
    readers: ['console/src/views/Insights.tsx'],
  },
  {
    file: 'api/presenters/health.ts',
    from: '  lastPassAt: z',
    to: '  lastPassAtRenamed: z',
    readers: ['console/src/views/TestCases.tsx'],
  },
  {
    file: 'api/endpoints/test-cases/history.ts',
    from: '        meanDurationMs: z',
    to: '        meanDurationMsRenamed: z',
    readers: ['console/src/views/CaseHistory.tsx'],
  },
  // The session: its anti-CSRF token.
  {
    file: 'api/console/session-view.ts',
    from: '  csrfToken: z',
    to: '  csrfTokenRenamed: z',
    readers: ['console/src/App.tsx'],
  },
  // run.get: an optional field qa reads (its shapes are checked in test/cli/shapes.test.ts).
  {
    file: 'api/endpoints/runs/get.v1.ts',
    from: '    reportUrl: z',
    to: '    reportUrlRenamed: z',
    readers: ['test/cli/shapes.test.ts'],
  },
];

const consoleFiles = (readdirSync(path.join(root, 'console/src'), { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => path.join(root, 'console/src', f));

/** Type errors of the console and qa's shape check, with `changed` files read as given. */
function typeErrors(changed: Map<string, string>): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => changed.get(path.resolve(file)) ?? readFile(file);
  const program = ts.createProgram({
    rootNames: [...consoleFiles, path.join(root, 'test/cli/shapes.test.ts')],
    options: config.options,
    host,
  });
  const errors = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? path.relative(root, d.file.fileName) : '(global)';
    // With the code it is about: a passthrough schema types a renamed field `unknown`, whose error
    // ("'{}' is not assignable to 'number'") names the field only in the line that reads it.
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : undefined;
    const code = line === undefined ? '' : ` at: ${d.file!.text.split('\n')[line].trim()}`;
    errors.set(file, [...(errors.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n') + code]);
  }
  return errors;
}

describe('one contract with the API (issue 76, point 10)', function () {
  this.timeout(300_000);

  it("fails the console's and qa's typecheck when the API renames a field they read", () => {
    const changed = new Map<string, string>();
    for (const r of RENAMES) {
      const file = path.join(root, r.file);
      const text = changed.get(file) ?? readFileSync(file, 'utf8');
      assert.ok(text.includes(r.from), `${r.file} no longer has "${r.from.trim()}": update this test`);
      changed.set(file, text.replace(r.from, r.to));
    }
    const errors = typeErrors(changed);
    for (const r of RENAMES) {
      const field = r.from.trim().split(':')[0];
      for (const reader of r.readers)
        assert.ok(
          (errors.get(reader) ?? []).some((m) => m.includes(field)),
          `${reader} still compiles with ${field} renamed in ${r.file}: ${JSON.stringify(errors.get(reader) ?? [])}`,
        );
    }
  });
});

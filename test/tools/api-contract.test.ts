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
    errors.set(file, [...(errors.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
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

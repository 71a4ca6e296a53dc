import assert from 'node:assert/strict';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

const root = path.resolve(__dirname, '../..');

/**
 * Workflow code must stay deterministic and light: the bundle the worker loads may hold only
 * workflows/ itself and the Temporal workflow libraries, never Node built-ins, TypeORM, Koa or a
 * value from the layers that do I/O. `import type` is erased, so it does not show here.
 */
describe('the workflow bundle', function () {
  this.timeout(120_000);

  it('holds workflows/ and Temporal only', async () => {
    const modules = new Set<string>();
    const { code } = await bundleWorkflowCode({
      workflowsPath: require.resolve('../../workflows'),
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never,
      webpackConfigHook: (config) => {
        config.plugins = [
          ...(config.plugins ?? []),
          {
            apply(compiler: { hooks: { compilation: { tap(name: string, fn: (c: any) => void): void } } }) {
              compiler.hooks.compilation.tap('record-modules', (compilation) => {
                compilation.hooks.succeedModule.tap('record-modules', (module: { resource?: string }) => {
                  if (module.resource) modules.add(module.resource);
                });
              });
            },
          },
        ];
        return config;
      },
    });
    assert.ok(code.length > 0);
    const isLibrary = (m: string) => m.split(path.sep).includes('node_modules');
    const ours = [...modules].filter((m) => !isLibrary(m)).map((m) => path.relative(root, m));
    const libraries = [...new Set([...modules].filter(isLibrary).map(packageOf))];
    assert.ok(ours.includes(path.join('workflows', 'run.workflow.ts')), 'the recorder saw the workflow modules');
    assert.deepEqual(
      ours.filter((m) => !m.startsWith(`workflows${path.sep}`)),
      [],
      'only workflows/ from this project',
    );
    for (const forbidden of [
      'typeorm',
      'koa',
      '@koa/router',
      'mysql2',
      'zod',
      'playwright-core',
      '@temporalio/client',
      '@temporalio/worker',
    ]) {
      assert.ok(!libraries.includes(forbidden), `${forbidden} is not in the workflow bundle`);
    }
    const allowed = new Set([
      '@temporalio/workflow',
      '@temporalio/common',
      '@temporalio/proto',
      'ms',
      'long',
      'nexus-rpc',
      'protobufjs',
      '@protobufjs/aspromise',
      '@protobufjs/base64',
      '@protobufjs/codegen',
      '@protobufjs/eventemitter',
      '@protobufjs/fetch',
      '@protobufjs/float',
      '@protobufjs/inquire',
      '@protobufjs/path',
      '@protobufjs/pool',
      '@protobufjs/utf8',
    ]);
    assert.deepEqual(
      libraries.filter((l) => !allowed.has(l)),
      [],
      "no library beyond Temporal's own",
    );
  });
});

/** `…/node_modules/@scope/name/...` → `@scope/name`; `…/node_modules/name/...` → `name`. */
function packageOf(modulePath: string): string {
  const parts = modulePath.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  return parts[at + 1].startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

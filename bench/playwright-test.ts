import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');

/**
 * The tool a team would otherwise run: Playwright Test (`@playwright/test`, pinned with
 * playwright-core) running `runs` copies of the bench's test as a project of its own would, with
 * `screenshot: 'on'`, `trace: 'retain-on-failure'` and `workers` = the runner's concurrency, on
 * Debian's Chromium. Timed from the command's start to its exit, as CI would time it. A team gives
 * Chromium no flags of its own (`chromiumArgs` empty); the runner's (CHROMIUM_ARGS) are ours, found
 * by measuring, and the bench also runs Playwright Test with them to show what they are worth.
 */
export async function playwrightTest(options: {
  siteUrl: string;
  runs: number;
  workers: number;
  executablePath: string;
  chromiumArgs: readonly string[];
  password: string;
}): Promise<{ ms: number; passed: number }> {
  // Inside the repository (.data is ignored), so the spec resolves @playwright/test from node_modules.
  const dir = join(root, '.data', `bench-playwright-test-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(
      join(dir, 'playwright.config.mjs'),
      `export default ${JSON.stringify({
        testDir: '.',
        testMatch: 'sign-in.spec.mjs',
        fullyParallel: true,
        workers: options.workers,
        retries: 0,
        reporter: [['json', { outputFile: join(dir, 'report.json') }]],
        outputDir: join(dir, 'results'),
        use: {
          headless: true,
          viewport: { width: 1280, height: 800 },
          screenshot: 'on',
          trace: 'retain-on-failure',
          launchOptions: {
            executablePath: options.executablePath,
            ...(options.chromiumArgs.length && { args: [...options.chromiumArgs] }),
          },
        },
      })};\n`,
    );
    writeFileSync(
      join(dir, 'sign-in.spec.mjs'),
      `import { test, expect } from '@playwright/test';
const site = ${JSON.stringify(options.siteUrl)};
for (let i = 0; i < ${options.runs}; i++) {
  test(\`sign in \${i}\`, async ({ page }) => {
    await page.goto(\`\${site}/login\`);
    await expect(page).toHaveTitle(/Sign in/);
    await page.getByLabel('Email').fill('ada@example.test');
    await page.getByLabel('Password').fill(${JSON.stringify(options.password)});
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Welcome')).toBeVisible();
  });
}
`,
    );
    const cli = require.resolve('@playwright/test/cli');
    const started = performance.now();
    const code = await new Promise<number>((done) => {
      const child = spawn(process.execPath, [cli, 'test', '-c', join(dir, 'playwright.config.mjs')], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('exit', (c) => done(c ?? 1));
    });
    const ms = performance.now() - started;
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { stats: { expected: number } };
    if (code !== 0 && report.stats.expected === 0) throw new Error(`Playwright Test exited ${code}`);
    return { ms, passed: report.stats.expected };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const APP = path.resolve(__dirname, '../apps/django_admin');

export interface DjangoAdmin {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the Django admin of test/apps/django_admin on 127.0.0.1 with a fresh SQLite database, one
 * staff user `username` whose password is `password` (given to Django by environment, never a file)
 * and the projects named in `projects`.
 */
export async function startDjangoAdmin(
  username: string,
  password: string,
  projects: string[] = [],
): Promise<DjangoAdmin> {
  const python = process.env.TEST_DJANGO_PYTHON;
  if (!python)
    throw new Error(
      'TEST_DJANGO_PYTHON is not set: run the tests with npm test (scripts/lib/tools.js installs Django)',
    );
  const data = await mkdtemp(path.join(tmpdir(), 'qa-django-'));
  const env = { ...process.env, QA_DJANGO_DATA: data, PYTHONDONTWRITEBYTECODE: '1' };
  const manage = (args: string[], extra: Record<string, string> = {}) => {
    const res = spawnSync(python, ['manage.py', ...args], { cwd: APP, env: { ...env, ...extra }, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`manage.py ${args[0]} failed: ${res.stderr || res.stdout}`);
  };
  manage(['migrate', '--noinput']);
  manage(['createsuperuser', '--noinput', '--username', username, '--email', `${username}@example.test`], {
    DJANGO_SUPERUSER_PASSWORD: password,
  });
  for (const name of projects) {
    const create =
      'import os, datetime; from projects.models import Project; Project.objects.create(name=os.environ["QA_PROJECT"], starts_on=datetime.date(2026, 1, 5))';
    manage(['shell', '-c', create], { QA_PROJECT: name });
  }
  const port = await freePort();
  const server: ChildProcess = spawn(
    python,
    ['manage.py', 'runserver', `127.0.0.1:${port}`, '--noreload', '--nothreading'],
    {
      cwd: APP,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${baseUrl}/admin/login/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (server.exitCode !== null || Date.now() > until) {
      server.kill('SIGKILL');
      throw new Error(`the Django admin did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    async close() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(data, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

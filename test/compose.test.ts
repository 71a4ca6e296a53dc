import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** Static checks of temporal-compose.yml (Docker cannot run here). */

interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
}

const root = path.resolve(__dirname, '..');
// merge: the file shares the app services' settings through a `<<: *app` merge key.
const compose = parse(fs.readFileSync(path.join(root, 'temporal-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

function env(name: string): Record<string, string> {
  const e = services[name]?.environment ?? {};
  if (Array.isArray(e)) {
    return Object.fromEntries(e.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  }
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, String(v)]));
}

function dependsOn(s: Service): string[] {
  const d = s.depends_on ?? [];
  return Array.isArray(d) ? d : Object.keys(d);
}

function commandText(s: Service): string {
  return Array.isArray(s.command) ? s.command.join(' ') : (s.command ?? '');
}

describe('temporal-compose.yml', () => {
  it('has the expected services', () => {
    for (const name of ['mysql', 'temporal-admin-tools', 'temporal', 'temporal-ui', 'api', 'worker']) {
      assert.ok(services[name], `service ${name} missing`);
    }
    assert.match(services.mysql.image ?? '', /^mysql:8/);
    assert.match(services.temporal.image ?? '', /^temporalio\/server:/);
    assert.match(services['temporal-ui'].image ?? '', /^temporalio\/ui:/);
  });

  it('runs Temporal on MySQL 8 persistence, after the schema setup completed', () => {
    assert.equal(env('temporal').DB, 'mysql8');
    assert.equal(env('temporal').MYSQL_SEEDS, 'mysql');
    assert.match(commandText(services['temporal-admin-tools']), /--plugin mysql8/);
    assert.match(commandText(services['temporal-admin-tools']), /schema\/mysql\/v8\/temporal\/versioned/);
    const dep = services.temporal.depends_on as Record<string, { condition?: string }>;
    assert.equal(dep['temporal-admin-tools']?.condition, 'service_completed_successfully');
  });

  it('points the UI at the Temporal service', () => {
    assert.equal(env('temporal-ui').TEMPORAL_ADDRESS, 'temporal:7233');
  });

  for (const name of ['api', 'worker']) {
    it(`gives ${name} DATABASE_URL, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE and SECRETS_KEY`, () => {
      const e = env(name);
      assert.match(e.DATABASE_URL ?? '', /^mysql:\/\/[^@]+@mysql:3306\/qa$/);
      assert.equal(e.TEMPORAL_ADDRESS, 'temporal:7233');
      assert.equal(e.TEMPORAL_NAMESPACE, 'default');
      assert.match(e.SECRETS_KEY ?? '', /^\$\{SECRETS_KEY(:\?[^}]*)?\}$/, 'SECRETS_KEY comes from the caller');
      assert.match(e.RUNNER_TOKEN ?? '', /^\$\{RUNNER_TOKEN(:\?[^}]*)?\}$/, 'RUNNER_TOKEN comes from the caller');
      assert.equal(e.API_INTERNAL_URL, 'http://api:3000', 'runners reach the API by its service name');
      assert.ok(services[name].build || services[name].image, `${name} has no image`);
    });
  }

  it('copies every source folder the processes import into the image', () => {
    // The layers the API and the worker are made of (docs/architecture.md, "Layers"); a missing one fails at start.
    const build = services.api.build as { dockerfile_inline?: string };
    const copied = [...(build.dockerfile_inline ?? '').matchAll(/^\s*COPY (\S+) /gm)].map((m) => m[1]);
    for (const folder of ['core', 'db', 'domain', 'workflows', 'activities', 'api']) {
      assert.ok(copied.includes(folder), `the image has ${folder}/`);
    }
  });

  it('lets runners fetch runtime values over plain http inside its private network', () => {
    // API_INTERNAL_URL is http://api:3000: without the explicit allowance the worker refuses to start.
    assert.equal(env('worker').RUNNER_CHANNEL_ALLOW_HTTP, 'true');
  });

  it('runs the API server and the worker with tsx', () => {
    assert.match(commandText(services.api), /tsx api\/server\.ts/);
    assert.match(commandText(services.worker), /tsx activities\/worker\.ts/);
  });

  it('only depends on services that exist', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const dep of dependsOn(s)) assert.ok(services[dep], `${name} depends on unknown service ${dep}`);
    }
  });

  it('builds on the Node LTS that package.json engines asks for', () => {
    const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    const wanted = Number(/\d+/.exec(engines)![0]);
    const build = services.api.build as { dockerfile_inline?: string };
    const from = /^\s*FROM node:(\d+)/m.exec(build.dockerfile_inline ?? '');
    assert.ok(from, 'the image builds FROM node:<major>');
    assert.equal(Number(from[1]), wanted, `node:${from[1]} for engines ${engines}`);
  });

  it('runs two API replicas behind a load balancer and two workers, as npm run cluster does', () => {
    const replicas = (name: string) =>
      (services[name] as Service & { deploy?: { replicas?: number } }).deploy?.replicas;
    assert.equal(replicas('api'), 2);
    assert.equal(replicas('worker'), 2);
    assert.ok(dependsOn(services.lb).includes('api'), 'the balancer fronts the API');
    assert.equal((services.api as Service & { ports?: unknown }).ports, undefined, 'only the balancer publishes 3000');
  });

  it('registers every search attribute of workflows/search-attributes.json', () => {
    const attrs = JSON.parse(fs.readFileSync(path.join(root, 'workflows', 'search-attributes.json'), 'utf8')) as Record<
      string,
      string
    >;
    const init = commandText(services['temporal-init']);
    for (const [attr, type] of Object.entries(attrs)) {
      assert.match(init, new RegExp(`\\b${attr}\\b`), `${attr} not registered`);
      assert.equal(type, 'Keyword', `temporal-init registers Keyword attributes only; ${attr} is ${type}`);
    }
  });
});

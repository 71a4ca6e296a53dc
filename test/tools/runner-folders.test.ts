import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const activities = path.resolve(__dirname, '../../activities');

/**
 * The runner's folders (issue 53; docs/architecture.md, "One runner contract"), as data: the
 * activities Temporal calls, one engine a platform, and what every engine shares under them.
 */
const ACTIVITIES = 'run';
const ENGINES = ['engines/web', 'engines/api', 'engines/mobile'];
const SHARED = 'engines/shared';

/** Every relative import of every TypeScript file under `folder`, resolved to a path under activities/. */
function importsOf(folder: string): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  for (const file of readdirSync(path.join(activities, folder), { recursive: true }) as string[]) {
    if (!file.endsWith('.ts')) continue;
    const from = path.join(folder, file);
    const text = readFileSync(path.join(activities, from), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)) {
      const to = path.relative(activities, path.resolve(path.dirname(path.join(activities, from)), spec));
      found.push({ from, to });
    }
  }
  return found;
}

/** The folder a path is in: `run`, or an engine's `engines/<platform>`. */
const folderOf = (relative: string) => {
  const [first, second] = relative.split(path.sep);
  return first === 'engines' ? `${first}/${second}` : first;
};

describe('runner folders: no import runs back up, no engine imports another', () => {
  for (const engine of ENGINES) {
    it(`activities/${engine}/ imports neither run/ nor another engine`, () => {
      const wrong = importsOf(engine).filter(({ to }) => {
        const target = folderOf(to);
        if (target === ACTIVITIES) return true;
        return target !== engine && ENGINES.includes(target);
      });
      assert.deepEqual(wrong, []);
    });
  }

  it('activities/engines/shared/ imports no engine and not run/', () => {
    const wrong = importsOf(SHARED).filter(({ to }) => [ACTIVITIES, ...ENGINES].includes(folderOf(to)));
    assert.deepEqual(wrong, []);
  });

  it('finds the imports it checks (the web activity calls the web engine)', () => {
    assert.ok(importsOf(ACTIVITIES).some(({ from, to }) => from === 'run/web.ts' && to === 'engines/web/engine'));
  });
});

describe('runner folders: one attempt, an engine a platform', () => {
  /** Each activity Temporal calls, and the engine folder it picks (docs/architecture.md, "Adding a platform"). */
  const ACTIVITY_ENGINE = {
    'run/web.ts': 'engines/web',
    'run/api.ts': 'engines/api',
    'run/mobile.ts': 'engines/mobile',
  };

  for (const [activity, engine] of Object.entries(ACTIVITY_ENGINE)) {
    it(`${activity} is the shared attempt with ${engine}/engine.ts, and nothing of the sequence itself`, () => {
      const imports = importsOf(ACTIVITIES)
        .filter(({ from }) => from === activity)
        .map(({ to }) => to);
      assert.ok(imports.includes(`${engine}/engine`), `${activity} picks ${engine}/engine.ts`);
      assert.ok(imports.includes('run/attempt'), `${activity} runs runAttempt`);
      for (const stage of ['run/claim', 'run/record', 'run/handover'])
        assert.ok(!imports.includes(stage), `${activity} leaves ${stage} to the attempt`);
    });
  }
});

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { configurationMarkdown } from '../core/config-doc';

const root = resolve(__dirname, '..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...['activities', 'api', 'core', 'db', 'domain', 'workflows']
    .map((d) => `${d}/README.md`)
    .filter((f) => existsSync(join(root, f))),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown page (headings outside fenced code). */
function anchors(file: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) found.add(slug(heading[1]));
  }
  return found;
}

/** Relative links of a page: `[text](target)` outside fenced code. */
function links(file: string): string[] {
  let fenced = false;
  const out: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) if (!/^[a-z]+:/i.test(m[1])) out.push(m[1]);
  }
  return out;
}

describe('documentation', () => {
  it('the README is a front page: the two commands first, at most 250 lines', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    assert.ok(readme.split('\n').length <= 250, `${readme.split('\n').length} lines`);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    assert.match(firstBlock, /^npm start\b/m);
    assert.match(firstBlock, /^npm test\b/m);
  });

  it('every relative link of the README, docs/ and the folder READMEs resolves, anchors included', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const file = join(root, page);
      for (const link of links(file)) {
        const [path, anchor] = link.split('#');
        const target = path ? resolve(dirname(file), path) : file;
        if (!existsSync(target)) broken.push(`${page}: ${link} (no ${relative(root, target)})`);
        else if (anchor && target.endsWith('.md') && !anchors(target).has(anchor))
          broken.push(`${page}: ${link} (no heading #${anchor})`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('docs/configuration.md is what `npm run docs` makes from core/config.ts', () => {
    const written = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');
    assert.equal(written, configurationMarkdown(), 'stale: run `npm run docs`');
  });
});

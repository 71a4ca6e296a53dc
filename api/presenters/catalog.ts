import type { Environment, Note, NoteComment, TestCase, TestPlan } from '../../db/entities';
import type { testPlanRepository } from '../../db/repositories/test-plans';
import type { StoredTestCase, TestCaseSummary } from '../../db/repositories/test-cases';
import { answeredAs } from './shared';
import type { Step } from '../../core/steps';
import type { TestCaseSettings } from '../../core/case-settings';

/** Row → v1 record conversions, so every operation returns the same shapes. */

export const testCaseView = (c: TestCase) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  platforms: c.platforms,
  tags: c.tags,
  steps: c.steps,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  ...(c.settings ? { settings: c.settings } : {}),
});

/**
 * testCaseView from the stored row without parsing its JSON: the answer's text is composed from
 * the stored text (JSON.stringify output, entities/json.ts), field for field in testCaseView's
 * order, and the JSON fields are parsed only if something reads the value (MCP's structured
 * content). A stored text with a null in it (which omitAbsent would drop) takes the plain path.
 */
export function testCaseAnswer(c: StoredTestCase): ReturnType<typeof testCaseView> {
  if (
    c.platforms.includes('null') ||
    c.tags.includes('null') ||
    c.steps.includes('null') ||
    c.settings?.includes('null')
  )
    return testCaseView({
      ...c,
      platforms: JSON.parse(c.platforms),
      tags: JSON.parse(c.tags),
      steps: JSON.parse(c.steps),
      settings: c.settings === null ? null : JSON.parse(c.settings),
    });
  const text =
    `{"id":${JSON.stringify(c.id)},"name":${JSON.stringify(c.name)},"description":${JSON.stringify(c.description)},` +
    `"platforms":${c.platforms},"tags":${c.tags},"steps":${c.steps},"createdAt":${c.createdAt},"updatedAt":${c.updatedAt}` +
    (c.settings === null ? '}' : `,"settings":${c.settings}}`);
  return answeredAs(new StoredTestCaseAnswer(c), text);
}

/**
 * testCaseView's value over the stored row: the JSON fields are parsed on first read, by getters
 * on the prototype (a property defined per answer cost more than the rest of the presenter), and
 * toJSON gives the plain record in testCaseView's order.
 */
class StoredTestCaseAnswer {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  #stored: StoredTestCase;
  #parsed?: { platforms: string[]; tags: string[]; steps: Step[]; settings: TestCaseSettings | null };

  constructor(c: StoredTestCase) {
    this.id = c.id;
    this.name = c.name;
    this.description = c.description;
    this.createdAt = c.createdAt;
    this.updatedAt = c.updatedAt;
    this.#stored = c;
  }

  #fields() {
    const c = this.#stored;
    return (this.#parsed ??= {
      platforms: JSON.parse(c.platforms),
      tags: JSON.parse(c.tags),
      steps: JSON.parse(c.steps),
      settings: c.settings === null ? null : JSON.parse(c.settings),
    });
  }

  get platforms() {
    return this.#fields().platforms;
  }

  get tags() {
    return this.#fields().tags;
  }

  get steps() {
    return this.#fields().steps;
  }

  get settings() {
    return this.#fields().settings;
  }

  toJSON(): ReturnType<typeof testCaseView> {
    return testCaseView(this as unknown as TestCase);
  }
}

const testCaseSummaryView = (
  c: Omit<TestCaseSummary, 'platforms' | 'tags'> & { platforms: string[]; tags: string[] },
) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  platforms: c.platforms,
  tags: c.tags,
  stepCount: c.stepCount,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

/**
 * A page of test_case.list answered with the stored platforms and tags text of its rows as it is
 * (as testCaseAnswer): one text for the page, registered once. The small arrays are still parsed
 * for the value (MCP's structured content): that is cheaper than a lazy field per row.
 */
export function testCasePageAnswer(page: { items: TestCaseSummary[]; nextCursor: string | null }) {
  const items: Array<ReturnType<typeof testCaseSummaryView>> = [];
  const texts: string[] = [];
  let plain = false;
  for (const c of page.items) {
    items.push(
      testCaseSummaryView({
        id: c.id,
        orgId: c.orgId,
        name: c.name,
        description: c.description,
        platforms: JSON.parse(c.platforms),
        tags: JSON.parse(c.tags),
        stepCount: c.stepCount,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
      }),
    );
    if (c.platforms.includes('null') || c.tags.includes('null')) plain = true;
    else
      texts.push(
        `{"id":${JSON.stringify(c.id)},"name":${JSON.stringify(c.name)},"description":${JSON.stringify(c.description)},` +
          `"platforms":${c.platforms},"tags":${c.tags},"stepCount":${c.stepCount},"createdAt":${c.createdAt},"updatedAt":${c.updatedAt}}`,
      );
  }
  const value = { items, nextCursor: page.nextCursor };
  if (plain) return value;
  return answeredAs(value, `{"items":[${texts.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`);
}

/** A plan's members, in order, as its record shows them. */
export type PlanMembers = Awaited<ReturnType<typeof testPlanRepository.members>>;

export function testPlanView(p: TestPlan, members: PlanMembers) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    members,
    ...(p.steps.length ? { steps: p.steps } : {}),
    ...(p.status !== 'created' ? { status: p.status } : {}),
    ...(p.config?.failFast ? { failFast: p.config.failFast } : {}),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export const environmentView = (e: Environment, runtimeValueNames: string[]) => ({
  id: e.id,
  slug: e.slug,
  name: e.name,
  targets: e.targets,
  runtimeValueNames,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

export const commentView = (c: NoteComment) => ({ id: c.id, noteId: c.noteId, body: c.body, createdAt: c.createdAt });

export const noteView = (n: Note, environmentSlug: string, comments: NoteComment[]) => ({
  id: n.id,
  environmentSlug,
  title: n.title,
  body: n.body,
  paragraphs: n.body.split(/\r?\n/).filter((p) => p.trim().length > 0),
  status: n.status as 'open' | 'resolved',
  runIds: n.runIds,
  comments: comments.map(commentView),
  createdAt: n.createdAt,
  updatedAt: n.updatedAt,
});

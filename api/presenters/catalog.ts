import type { EntityManager } from 'typeorm';
import type { Environment, Note, NoteComment, TestCase, TestPlan } from '../../db/entities';
import { environmentRepository } from '../../db/repositories/environments';
import { testPlanRepository } from '../../db/repositories/test-plans';
import type { TestCaseSummary } from '../../db/repositories/test-cases';
import type { Step } from '../../core/steps';

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
});

export const testCaseSummaryView = (c: TestCaseSummary) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  platforms: c.platforms,
  tags: c.tags,
  stepCount: c.stepCount,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export async function testPlanView(db: EntityManager, p: TestPlan) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    members: await testPlanRepository.members(db, p.id),
    ...(p.steps.length ? { steps: p.steps } : {}),
    ...(p.status !== 'created' ? { status: p.status } : {}),
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

export async function environmentViews(db: EntityManager, rows: Environment[]) {
  const names = await environmentRepository.valueNames(
    db,
    rows.map((e) => e.id),
  );
  return rows.map((e) => environmentView(e, names.get(e.id) ?? []));
}

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

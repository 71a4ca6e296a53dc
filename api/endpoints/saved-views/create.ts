import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { savedViewRepository } from '../../../db/repositories/saved-views';
import { defineEndpoint } from '../../pipeline/model';
import { checkedQuery, MAX_VIEWS_PER_MEMBER, ownerOf, presentView, savedView } from './shared';

export default defineEndpoint({
  name: 'saved_views.create',
  bindings: { rest: { method: 'POST', path: '/api/saved-views', status: 201 } },
  summary: 'Save a named view of the Runs list (its filters) for the calling member or key.',
  description:
    'Views are per organization and member (an API key is its own member): nobody else lists or deletes them. ' +
    `Names are unique per member (another with the same name is CONFLICT); at most ${MAX_VIEWS_PER_MEMBER} views ` +
    'each (RESOURCE_EXHAUSTED). The query must be run.list filters as a query string. Idempotency-Key required.',
  access: { scope: 'svc:read' },
  idempotency: 'required',
  body: z.strictObject({
    name: z.string().trim().min(1).max(100),
    query: z.string().max(2000).describe('The Runs list filters as a query string (`verdict=failed&q=checkout`).'),
  }),
  output: savedView,
  async handler(input, { principal, db }) {
    const owner = ownerOf(principal);
    const existing = await savedViewRepository.list(db, principal.orgId, owner, null, MAX_VIEWS_PER_MEMBER);
    if (existing.length >= MAX_VIEWS_PER_MEMBER)
      throw new AppError('RESOURCE_EXHAUSTED', `at most ${MAX_VIEWS_PER_MEMBER} saved views each; delete one first`);
    const view = {
      id: newId('view'),
      orgId: principal.orgId,
      owner,
      name: input.name,
      query: checkedQuery(input.query),
      createdAt: Date.now(),
    };
    if (!(await savedViewRepository.insert(db, view)))
      throw new AppError('CONFLICT', `you already have a view named "${input.name}"; pick another name or delete it`);
    return presentView(view);
  },
});

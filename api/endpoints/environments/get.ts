import { environmentRepository } from '../../../db/repositories/environments';
import { notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { environment } from '../../schemas/catalog';
import { slug } from '../../../core/steps';
import { presentEnvironments } from './shared';

export default defineEndpoint({
  name: 'environment.get',
  bindings: { v1: true, mcp: true },
  summary: 'One Environment by slug; runtime value names only, never values.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: { slug },
  output: environment,
  async handler(input, { db, orgId }) {
    const row = await environmentRepository.bySlug(db, orgId, input.slug);
    if (!row) throw notFound(`Environment ${input.slug}`);
    return (await presentEnvironments(db, [row]))[0];
  },
});

import { environmentRepository } from '../../db/repositories/environments';
import { notFound } from '../../core/errors';
import { defineOperation } from './define';
import { environment } from './schemas';
import { slug } from '../../core/steps';
import { environmentViews } from '../presenters/catalog';

export default defineOperation({
  name: 'environment.get',
  summary: 'One Environment by slug; runtime value names only, never values.',
  scope: 'svc:read',
  idempotency: 'none',
  confirm: 'never',
  input: { slug },
  output: environment,
  async handler(input, { db, orgId }) {
    const row = await environmentRepository.bySlug(db, orgId, input.slug);
    if (!row) throw notFound(`Environment ${input.slug}`);
    return (await environmentViews(db, [row]))[0];
  },
});

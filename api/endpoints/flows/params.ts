import { z } from 'zod';
import { slug } from '../../../core/steps';

export const slugParams = z.strictObject({ slug: slug.describe("The flow's slug, unique in the organization.") });

/** Any spelling may be asked for (the specification: length >= 1); one that is no slug names no flow. */
export const lookupParams = z.strictObject({
  slug: z.string().min(1).max(1000).describe("The flow's slug; an unknown one, whatever its spelling, is 404."),
});

import type { InterpretCatalog } from '../interpret';

/**
 * Resolves what the caller named explicitly: plan ids and names (names case-insensitively; a
 * name two plans share is ambiguous) and environment slugs. Unknown ones become messages.
 */
export function resolveStructured(
  input: { planIds?: string[]; planNames?: string[]; environmentSlugs?: string[] },
  catalog: InterpretCatalog,
): { planIds: string[]; environmentSlugs: string[] | null; invalid: string[] } {
  const invalid: string[] = [];
  const planIds: string[] = [];
  const known = new Set(catalog.plans.map((p) => p.id));
  for (const id of input.planIds ?? []) {
    if (known.has(id)) planIds.push(id);
    else invalid.push(`no plan has the id ${id}`);
  }
  for (const name of input.planNames ?? []) {
    const matches = catalog.plans.filter((p) => p.name.toLowerCase() === name.trim().toLowerCase());
    if (matches.length === 1) planIds.push(matches[0].id);
    else
      invalid.push(
        matches.length ? `${matches.length} plans are named "${name}"; use planIds` : `no plan is named "${name}"`,
      );
  }
  let environmentSlugs: string[] | null = null;
  if (input.environmentSlugs) {
    const slugs = new Set(catalog.environments.map((e) => e.slug));
    environmentSlugs = input.environmentSlugs.filter((s) => slugs.has(s));
    for (const slug of input.environmentSlugs.filter((s) => !slugs.has(s)))
      invalid.push(`no environment has the slug ${slug}`);
  }
  return {
    planIds: [...new Set(planIds)],
    environmentSlugs: environmentSlugs && [...new Set(environmentSlugs)],
    invalid,
  };
}

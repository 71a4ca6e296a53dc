import type { NotifyWhen, RoutingRule } from '../../core/notifications';
import type { GroupScope } from './summary';

const listed = (list: string[] | undefined, value: string | undefined) =>
  !list?.length || (value !== undefined && list.includes(value));

/** Whether a rule names this group: every dimension it lists must hold the group's value. */
export function ruleMatches(rule: RoutingRule, scope: GroupScope): boolean {
  return (
    listed(rule.testPlanIds, scope.testPlanId) &&
    listed(rule.scheduleIds, scope.scheduleId) &&
    listed(rule.environmentSlugs, scope.environmentSlug) &&
    listed(rule.branches, scope.branch)
  );
}

/** Whether a rule's "when" sends a group of `verdict`, given the verdict the channel heard before (null: none). */
export function whenSends(when: NotifyWhen, verdict: string, previous: string | null): boolean {
  if (when === 'every') return true;
  if (when === 'failures') return verdict !== 'passed';
  // A first group is news only when it does not pass; after that, any difference is.
  return previous === null ? verdict !== 'passed' : previous !== verdict;
}

/** The scope a channel keeps its last verdict for: plan × Environment × branch (schedules share their plan's). */
export const scopeKey = (scope: GroupScope) =>
  [scope.testPlanId, scope.environmentSlug ?? '', scope.branch ?? ''].join('\u0000');

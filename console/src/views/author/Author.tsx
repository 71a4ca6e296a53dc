import { op } from '../../lib/contract';
import { Link } from '../../lib/router';
import { Pending, useLoad } from '../../lib/ui';
import { CaseEditor } from './CaseEditor';
import { PlanBuilder } from './PlanBuilder';

/** /console/author: what to write; /console/author/new, /console/author/<testCaseId>, /console/author/plan. */
export function Author({ id }: { id?: string }) {
  if (id === 'new') return <CaseEditor />;
  if (id === 'plan') return <PlanBuilder />;
  if (id) return <CaseEditor testCaseId={id} />;
  return <AuthorHome />;
}

function AuthorHome() {
  const cases = useLoad(() => op('test_case.list', { limit: 100 }), []);
  return (
    <>
      <h1>Author</h1>
      <p>
        <Link href="/console/author/new">New Test Case</Link> · <Link href="/console/author/plan">New Test Plan</Link>
      </p>
      <h2>Edit a Test Case</h2>
      {!cases.value ? (
        <Pending loaded={cases} what="Test Cases" />
      ) : cases.value.items.length === 0 ? (
        <p>No Test Cases yet: start with New Test Case.</p>
      ) : (
        <ul>
          {cases.value.items.map((c) => (
            <li>
              <Link href={`/console/author/${c.id}`}>{c.name}</Link> <small class="muted">{c.stepCount} steps</small>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

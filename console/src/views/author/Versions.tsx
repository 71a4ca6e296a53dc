import { route } from '../../lib/contract';
import { Pending, Time, useLoad, Table } from '../../lib/ui';

/** Who saved a version: a person by their sign-in subject, a script by its key. */
const who = (by: { kind: string; subject: string } | undefined) =>
  !by ? 'before versions were kept' : by.kind === 'oauth' ? by.subject : `key ${by.subject}`;

/** A Test Case's history: each saved version, who saved it, when, and what it changed. */
export function Versions({ testCaseId, round }: { testCaseId: string; round: number }) {
  const versions = useLoad(
    () => route('test_cases.versions', 'GET', `/api/test-cases/${testCaseId}/versions?limit=20`),
    [testCaseId, round],
  );
  if (!versions.value) return <Pending loaded={versions} what="the versions" />;
  return (
    <section aria-labelledby="versions-heading">
      <h2 id="versions-heading">Versions</h2>
      <Table label="Saved versions" headers={['Version', 'Saved by', 'When', 'What changed']}>
        {versions.value.items.map((v) => (
          <tr>
            <td>
              {v.version}
              {v.version === versions.value!.current && <small class="muted"> (current)</small>}
            </td>
            <td>{who(v.changedBy)}</td>
            <td>
              <Time ms={v.createdAt} />
            </td>
            <td>
              <ul class="plain">
                {v.changes.map((c) => (
                  <li>{c}</li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </Table>
      {typeof versions.value.nextBefore === 'number' && <p class="muted">The 20 newest versions.</p>}
    </section>
  );
}

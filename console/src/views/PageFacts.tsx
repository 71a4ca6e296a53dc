/** A request of a step that failed or was slow, as run.evidence reports it (origin and path only). */
interface RequestFact {
  method: string;
  url: string;
  status?: number;
  failure?: string;
  durationMs: number;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * What the page did during a step (issue 77): its failed or slow requests, the errors it logged and
 * the errors it threw; nothing when it did none of that.
 */
export function PageFacts({ observed, step }: { observed: Record<string, unknown>; step: number }) {
  const requests = list(observed.requests) as RequestFact[];
  const logged = list(observed.consoleErrors) as string[];
  const thrown = list(observed.pageErrors) as string[];
  if (!requests.length && !logged.length && !thrown.length) return null;
  return (
    <section class="page-facts" aria-label={`What the page did in step ${step}`}>
      <ul>
        {requests.map((r) => (
          <li>
            <code>
              {r.method} {r.url}
            </code>{' '}
            {r.failure !== undefined
              ? `got no answer (${r.failure})`
              : `answered ${r.status}${(r.status ?? 0) < 400 ? ', slowly' : ''}`}{' '}
            in {r.durationMs} ms
          </li>
        ))}
        {thrown.map((text) => (
          <li>
            Uncaught error: <q>{text}</q>
          </li>
        ))}
        {logged.map((text) => (
          <li>
            Console error: <q>{text}</q>
          </li>
        ))}
      </ul>
    </section>
  );
}

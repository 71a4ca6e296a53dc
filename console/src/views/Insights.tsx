import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'preact/hooks';
import { route, type RouteAnswer } from '../lib/contract';
import { Chart, PALETTE } from '../charts/Chart';
import { Link } from '../lib/router';
import { duration, Pending, useLoad } from '../lib/ui';
import { FailureCauses } from './FailureCauses';

type PassRate = RouteAnswer<'insights.pass_rate'>;
type Flaky = RouteAnswer<'insights.flaky'>;
type SlowSteps = RouteAnswer<'insights.slow_steps'>;

const DAYS = 14;
const pct = (r: number) => `${Math.round(r * 100)}%`;
const dayLabel = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const seriesName = (s: PassRate['series'][number]) =>
  `${s.planName || s.testPlanId} · ${s.environmentSlug ?? 'explicit targets'}`;

/** Insights: pass rate over time per plan and Environment, the flakiest cases, the slowest steps. */
export function Insights() {
  const passRate = useLoad(() => route('insights.pass_rate', 'GET', `/api/insights/pass-rate?days=${DAYS}`), []);
  const flaky = useLoad(() => route('insights.flaky', 'GET', '/api/insights/flaky?limit=10'), []);
  const slow = useLoad(() => route('insights.slow_steps', 'GET', `/api/insights/slow-steps?days=${DAYS}&limit=10`), []);
  return (
    <>
      <h1>Insights</h1>
      <section>
        <h2>Why Runs failed</h2>
        <FailureCauses days={DAYS} />
      </section>
      <section>
        <h2>Pass rate over time</h2>
        {!passRate.value ? <Pending loaded={passRate} what="pass rates" /> : <PassRateChart data={passRate.value} />}
      </section>
      <section>
        <h2>Flakiest cases</h2>
        {!flaky.value ? <Pending loaded={flaky} what="flaky cases" /> : <FlakyChart data={flaky.value} />}
      </section>
      <section>
        <h2>Slowest steps</h2>
        {!slow.value ? <Pending loaded={slow} what="slow steps" /> : <SlowStepsChart data={slow.value} />}
      </section>
    </>
  );
}

function PassRateChart({ data }: { data: PassRate }) {
  const days = useMemo(
    () => [...new Set(data.series.flatMap((s) => s.points.map((p) => p.day)))].sort((a, b) => a - b),
    [data],
  );
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'line',
      data: {
        labels: days.map(dayLabel),
        datasets: data.series.map((s, i) => ({
          label: seriesName(s),
          data: days.map((d) => {
            const p = s.points.find((x) => x.day === d);
            return p ? Math.round(p.passRate * 100) : null;
          }),
          borderColor: PALETTE[i % PALETTE.length],
          backgroundColor: PALETTE[i % PALETTE.length],
          borderDash: i % 2 ? [6, 3] : [],
          spanGaps: true,
        })),
      },
      options: { scales: { y: { min: 0, max: 100, title: { display: true, text: '% of ended Runs that passed' } } } },
    }),
    [data],
  );
  if (data.series.length === 0) return <p>No plan Runs ended in the last {data.days} days.</p>;
  return (
    <Chart label={`Pass rate per day of each plan and Environment, last ${data.days} days`} config={config}>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Plan · Environment</th>
              <th scope="col">Runs</th>
              <th scope="col">Pass rate</th>
              <th scope="col">Per day</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((s) => (
              <tr data-plan-id={s.testPlanId}>
                <td>{seriesName(s)}</td>
                <td>{s.runs}</td>
                <td>{pct(s.passRate)}</td>
                <td>{s.points.map((p) => `${dayLabel(p.day)}: ${p.passes}/${p.runs}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Chart>
  );
}

function FlakyChart({ data }: { data: Flaky }) {
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: data.items.map((f) => `${f.name} · ${f.environmentSlug ?? '–'}`),
        datasets: [
          {
            label: 'Flake rate (%)',
            data: data.items.map((f) => Math.round(f.flakeRate * 100)),
            backgroundColor: PALETTE[1],
          },
        ],
      },
      options: { indexAxis: 'y', scales: { x: { min: 0, max: 100 } } },
    }),
    [data],
  );
  if (data.items.length === 0) return <p>No flaky passes in the recent Runs.</p>;
  return (
    <Chart label="Flake rate of the flakiest cases" config={config}>
      <ul>
        {data.items.map((f) => (
          <li>
            <Link href={`/console/test-cases/${f.testCaseId}`}>{f.name}</Link> · {f.environmentSlug ?? '–'}:{' '}
            {pct(f.flakeRate)} ({f.flakyPasses} flaky passes of {f.runs})
          </li>
        ))}
      </ul>
    </Chart>
  );
}

function SlowStepsChart({ data }: { data: SlowSteps }) {
  const label = (s: SlowSteps['items'][number]) =>
    `${s.name} · step ${s.stepIndex + 1} ${s.action} ${s.target ?? ''}`.trim();
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: data.items.map((s) => label(s).slice(0, 60)),
        datasets: [
          { label: 'Mean (ms)', data: data.items.map((s) => s.avgMs), backgroundColor: PALETTE[0] },
          { label: 'Longest (ms)', data: data.items.map((s) => s.maxMs), backgroundColor: PALETTE[4] },
        ],
      },
      options: { indexAxis: 'y' },
    }),
    [data],
  );
  if (data.items.length === 0) return <p>No step finished in the last {data.days} days.</p>;
  return (
    <Chart label={`Slowest steps by mean duration, last ${data.days} days`} config={config}>
      <ol>
        {data.items.map((s) => (
          <li>
            {label(s)}: mean {duration(s.avgMs)}, longest {duration(s.maxMs)} over {s.runs} runs
          </li>
        ))}
      </ol>
    </Chart>
  );
}

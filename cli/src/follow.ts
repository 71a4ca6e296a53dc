import { accessibilityText } from './accessibility';
import { Api, QaError } from './http';
import type { Output } from './output';
import { ID, TERMINAL, type PlanGroup, type RunState } from './shapes';

/** Follows Runs with run.get long-polls, drawing a progress line per Run; cancels them on request. */
export class RunFollower {
  /** The Test Case name of each Run. */
  private readonly names = new Map<string, string>();

  constructor(
    private readonly api: Api,
    private readonly out: Output,
  ) {}

  /** The Test Case name of each Run, for the progress lines. */
  async loadNames(subject: string) {
    if (ID.group.test(subject)) {
      const group = await this.api.request<PlanGroup>('GET', `/api/plan-groups/${subject}`);
      for (const m of group.members) if (m.runId) this.names.set(m.runId, m.name);
      return;
    }
    const state = await this.api.op<RunState>('run.get', { runId: subject });
    if (state.testCaseId)
      this.names.set(subject, (await this.api.op('test_case.get', { testCaseId: state.testCaseId })).name);
  }

  /**
   * Follows every Run with run.get long-polls until all are terminal; false when the deadline came
   * first. With a plan group, also its start order (once known), its expected end and an early stop.
   */
  async follow(runIds: string[], deadline: number, group?: string): Promise<boolean> {
    const states = new Map<string, RunState>();
    for (const runId of runIds) states.set(runId, await this.api.op<RunState>('run.get', { runId }));
    for (const s of states.values()) this.show(s);
    const groupView = group ? new GroupView(this.api, this.out, group) : null;
    for (;;) {
      await groupView?.look();
      const open = [...states.values()].filter((s) => !TERMINAL.has(s.status));
      // The last look shows what a short group did between two looks (its order, an early stop).
      if (!open.length) await groupView?.look(true);
      if (!open.length) {
        this.out.done();
        return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.out.done();
        return false;
      }
      // One long-poll at a time on the first open Run, then a quick look at the others.
      const [first, ...rest] = open;
      const waitMs = Math.max(0, Math.min(20_000, left));
      const next = await this.api.op<RunState>(
        'run.get',
        { runId: first.runId, cursor: first.cursor, waitMs },
        // (the HTTP timeout covers the long-poll)
      );
      states.set(first.runId, next);
      this.show(next);
      for (const s of rest) {
        const now = await this.api.op<RunState>('run.get', { runId: s.runId });
        states.set(s.runId, now);
        this.show(now);
      }
    }
  }

  private show(s: RunState) {
    const name = this.names.get(s.runId) ?? s.runId;
    this.out.progress(
      s.runId,
      `${name}: ${s.progress.completed}/${s.progress.total} steps, ${s.status}${s.flaky ? ' (flaky)' : ''}` +
        (s.accessibility ? `; accessibility ${accessibilityText(s.accessibility)}` : ''),
    );
  }

  async cancel(runIds: string[]) {
    let canceled = 0;
    for (const runId of runIds) {
      try {
        // One key per Run: a retried cancel replays the first answer.
        await this.api.request('POST', `/api/runs/${runId}/cancel`, {}, { 'Idempotency-Key': `qa-cancel-${runId}` });
        canceled++;
      } catch (error) {
        // 422: the Run ended meanwhile and keeps its outcome.
        if (!(error instanceof QaError && error.httpStatus === 422))
          this.out.line(`qa: could not cancel ${runId}: ${(error as Error).message}`);
      }
    }
    const left = runIds.length - canceled;
    this.out.line(`Canceled ${canceled} Run(s)${left ? `; ${left} had already ended or could not be canceled` : ''}.`);
  }
}

/** How often the live view reads its plan group (its order, expected end, early stop). */
const GROUP_LOOK_MS = 5_000;

/** The plan group's lines of the live view: the start order once, the expected end, an early stop once. */
class GroupView {
  private lastLook = 0;
  private orderShown = false;
  private stopShown = false;

  constructor(
    private readonly api: Api,
    private readonly out: Output,
    private readonly id: string,
  ) {}

  async look(last = false) {
    if (!last && Date.now() - this.lastLook < GROUP_LOOK_MS) return;
    this.lastLook = Date.now();
    const group = await this.api.request<PlanGroup>('GET', `/api/plan-groups/${this.id}`);
    const placed = group.members.filter((m) => m.scheduling).sort((a, b) => a.scheduling!.order - b.scheduling!.order);
    if (!this.orderShown && placed.length) {
      this.orderShown = true;
      this.out.line('Start order:');
      for (const m of placed) this.out.line(`  ${m.scheduling!.order}. ${m.name}: ${m.scheduling!.reason}`);
    }
    const stopped = group.scheduling?.stopped;
    if (stopped && !this.stopShown) {
      this.stopShown = true;
      this.out.line(`Plan group stopped early (${stopped.cause.replace('_', ' ')}): ${stopped.reason}`);
    }
    const end = last ? undefined : group.scheduling?.expectedEndAt;
    // Rounded to 10 s, so a CI log gets a line when the estimate moves, not on every look.
    if (end) this.out.progress(this.id, `Plan group: expected end around ${clock(Math.ceil(end / 10_000) * 10_000)}`);
  }
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19) + ' UTC';

import { EntitySchema } from 'typeorm';
import { column } from './json';

const { ref, ms } = column;

/**
 * An accepted baseline: the Run whose screenshots a person accepted as the look of its steps, per
 * subject (a Test Case, or a plan's inline steps), Environment and viewport. The baseline a Run
 * compares with is the later of this and the subject's last passing Run there.
 */
export interface VisualBaseline {
  orgId: string;
  /** `tc_…` for a Test Case's Runs, `tp_…` for a plan's inline steps. */
  subjectId: string;
  environmentSlug: string;
  viewport: string;
  runId: string;
  acceptedAt: number;
  acceptedBy: string;
}
export const VisualBaselineEntity = new EntitySchema<VisualBaseline>({
  name: 'VisualBaseline',
  tableName: 'visual_baselines',
  columns: {
    orgId: { ...ref, name: 'org_id', primary: true },
    subjectId: { ...ref, name: 'subject_id', primary: true },
    environmentSlug: { type: 'varchar', length: 100, name: 'environment_slug', primary: true },
    viewport: { type: 'varchar', length: 20, primary: true },
    runId: { ...ref, name: 'run_id' },
    acceptedAt: { ...ms, name: 'accepted_at' },
    acceptedBy: { type: 'varchar', length: 200, name: 'accepted_by' },
  },
});

export const visualEntities = [VisualBaselineEntity];

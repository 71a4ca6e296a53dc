import { updateUnlessFinal, type Assignment } from './guarded-update';
import type { EntityManager } from 'typeorm';
import {
  InterpretationChargeEntity,
  RunRequestEntity,
  RunRequestEntryEntity,
  type InterpretationCharge,
  type RunRequest,
  type RunRequestEntry,
  type RunRequestStatus,
} from '../entities/run-requests';

export const finalRunRequestStatuses: RunRequestStatus[] = ['completed', 'rejected', 'failed', 'canceled'];

export const runRequestRepository = {
  /** Throws ER_DUP_ENTRY when the organization already used the key. */
  async insert(db: EntityManager, row: RunRequest): Promise<void> {
    await db.getRepository(RunRequestEntity).insert(row);
  },

  async byKey(db: EntityManager, orgId: string, idemKey: string): Promise<RunRequest | null> {
    return db.getRepository(RunRequestEntity).findOneBy({ orgId, idemKey });
  },

  async get(db: EntityManager, orgId: string, id: string): Promise<RunRequest | null> {
    return db.getRepository(RunRequestEntity).findOneBy({ orgId, id });
  },

  /** For activities; `lock` holds the row for the caller's transaction. */
  async byId(db: EntityManager, id: string, lock = false): Promise<RunRequest | null> {
    const qb = db.getRepository(RunRequestEntity).createQueryBuilder('r').where('r.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  },

  async entries(db: EntityManager, requestId: string): Promise<RunRequestEntry[]> {
    return db.getRepository(RunRequestEntryEntity).find({ where: { requestId }, order: { position: 'ASC' } });
  },

  async insertEntries(db: EntityManager, entries: RunRequestEntry[]): Promise<void> {
    if (entries.length) await db.getRepository(RunRequestEntryEntity).insert(entries);
  },

  /**
   * Moves a request that is not final yet; a late or repeated activity cannot change a final
   * request. `completedAt` is set when the new status is final. Returns whether it moved.
   */
  async transition(
    db: EntityManager,
    id: string,
    fields: {
      status: RunRequestStatus;
      resolutionSource?: RunRequest['resolutionSource'];
      rejectionReasons?: string[];
      error?: string | null;
    },
  ): Promise<boolean> {
    const now = Date.now();
    const assignments: Assignment[] = [
      { column: 'status', value: fields.status },
      { column: 'updated_at', value: now },
    ];
    if (fields.resolutionSource !== undefined)
      assignments.push({ column: 'resolution_source', value: fields.resolutionSource });
    if (fields.rejectionReasons !== undefined)
      assignments.push({ column: 'rejection_reasons', value: JSON.stringify(fields.rejectionReasons) });
    if (fields.error !== undefined) assignments.push({ column: 'error', value: fields.error });
    if (finalRunRequestStatuses.includes(fields.status)) assignments.push({ column: 'completed_at', value: now });
    return updateUnlessFinal(db, 'run_requests', id, finalRunRequestStatuses, assignments);
  },

  /** Live state of entry Runs: status and the customer-safe reason of a diagnosis. */
  async runStates(
    db: EntityManager,
    runIds: string[],
  ): Promise<Map<string, { status: string; reason: string | null }>> {
    if (!runIds.length) return new Map();
    const rows: Array<{ id: string; status: string; diagnosis: string | null }> = await db.query(
      `SELECT id, status, diagnosis FROM runs WHERE id IN (${runIds.map(() => '?').join(',')})`,
      runIds,
    );
    return new Map(
      rows.map((r) => [
        r.id,
        { status: r.status, reason: r.diagnosis ? (JSON.parse(r.diagnosis).reason ?? null) : null },
      ]),
    );
  },

  /** The ledger row of a request's interpretation; a second write for the same request is a no-op. */
  async recordCharge(db: EntityManager, charge: InterpretationCharge): Promise<void> {
    await db.query(
      `INSERT INTO interpretation_charges (request_id, org_id, basis, provider, model, prompt_tokens, completion_tokens,
       provider_cost_micros, estimated_cost_micros, billed_micros, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE request_id = request_id`,
      [
        charge.requestId,
        charge.orgId,
        charge.basis,
        charge.provider,
        charge.model,
        charge.promptTokens,
        charge.completionTokens,
        charge.providerCostMicros,
        charge.estimatedCostMicros,
        charge.billedMicros,
        charge.createdAt,
      ],
    );
  },

  async charges(db: EntityManager, requestId: string): Promise<InterpretationCharge[]> {
    return db.getRepository(InterpretationChargeEntity).find({ where: { requestId } });
  },
};

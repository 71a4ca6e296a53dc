import type { EntityManager } from 'typeorm';
import type { RunRequest } from '../../db/entities/run-requests';
import { runRepository } from '../../db/repositories/runs';
import { runRequestRepository } from '../../db/repositories/run-requests';

/** A run request with its entries and each entry's live Run state and steps, read in three queries. */
export async function readRunRequest(db: EntityManager, request: RunRequest) {
  const entries = await runRequestRepository.entries(db, request.id);
  const runIds = entries.map((e) => e.runId).filter((id): id is string => !!id);
  const [states, steps] = await Promise.all([
    runRequestRepository.runStates(db, runIds),
    runRepository.steps(db, runIds),
  ]);
  return { request, entries, states, steps };
}

export type RunRequestRead = Awaited<ReturnType<typeof readRunRequest>>;

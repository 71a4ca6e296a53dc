import { z } from 'zod';
import { runRequestRepository } from '../../../db/repositories/run-requests';
import { idOf as id } from '../../../core/ids';
import { notFound } from '../../../core/errors';
import { runRequestRecord, runRequestView } from '../../presenters/run-requests';
import { readRunRequest } from '../../runs/run-request-read';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'run_requests.status',
  bindings: { rest: { method: 'GET', path: '/api/run-requests/status' } },
  summary: "A run request: interpretation status, resolved entries and each entry's live Run progress.",
  access: 'credential',
  query: z.strictObject({ id: id('rr').describe('The requestId.') }),
  output: runRequestRecord,
  async handler(input, { principal, deps }) {
    const request = await runRequestRepository.get(deps.db.manager, principal.orgId, input.id);
    if (!request) throw notFound(`Run request ${input.id}`);
    return runRequestView(await readRunRequest(deps.db.manager, request));
  },
});

import { pauseEndpoint } from './shared';

export default pauseEndpoint(
  false,
  'Resume a paused schedule: it fires again from its next due time (no catch-up of the pause).',
);

import { pauseEndpoint } from './shared';

export default pauseEndpoint(true, 'Pause a schedule: it does not fire until resumed (pausing twice is harmless).');

import { pinEndpoint } from './shared';

export default pinEndpoint(true, {
  summary: 'Pin a Run: retention keeps it and its media whatever their age.',
  description: 'Pinning twice is harmless. DELETE on the same path unpins.',
});

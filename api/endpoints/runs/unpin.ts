import { pinEndpoint } from './shared';

export default pinEndpoint(false, { summary: 'Unpin a Run: retention treats it by its age again.' });

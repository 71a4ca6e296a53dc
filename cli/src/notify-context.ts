import type { Flags } from './args';
import type { Api } from './http';
import type { Output } from './output';

/** What `qa channels` and `qa connections` need besides the API: the flags, and a plan's id from its name. */
export interface NotifyContext {
  api: Api;
  out: Output;
  flags: Flags;
  env: NodeJS.ProcessEnv;
  resolvePlan: (plan: string) => Promise<string>;
}

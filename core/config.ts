import { availableParallelism, totalmem } from 'node:os';
import { z } from 'zod';

/** One organization's limits; each field overrides the matching default setting. */
const orgLimits = z.strictObject({
  ratePerSecond: z.number().min(0).max(100_000).optional(),
  rateBurst: z.number().int().min(1).max(1_000_000).optional(),
  runRequestsPerMinute: z.number().min(0).max(100_000).optional(),
  runRequestBurst: z.number().int().min(1).max(100_000).optional(),
  maxActiveRuns: z.number().int().min(1).max(100_000).optional(),
  planGroupMaxMembers: z.number().int().min(1).max(100_000).optional(),
});
const orgLimitOverrides = z.record(z.string().min(1).max(40), orgLimits);

/**
 * Every setting of the service, parsed once from the environment. Nothing else reads
 * `process.env`; tests build a Config from their own object.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** The HTTP site address used as `{base_url}` in links the API hands out. */
  BASE_URL: z.string().url().optional(),
  /** The application address used in the bearer challenge and OAuth metadata. */
  SITE_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required, e.g. mysql://user:pass@127.0.0.1:3306/qa'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** How long an API process trusts an active API key without looking it up: the bound on revocation (0: always look up). */
  API_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Requests that may wait for a pool connection; past it a burst gets 503 UNAVAILABLE instead of queueing unbounded. */
  DATABASE_POOL_QUEUE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  /** A query that takes longer is abandoned (its connection closed): a hung database cannot hold the pool. */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8_000),
  /**
   * Every API request is answered within this (plus a long-poll's wait): a hung dependency yields
   * 503 UNAVAILABLE instead of a hang.
   */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(9_000),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  /** How long the API waits for the Temporal server to start a workflow before answering 503 UNAVAILABLE. */
  TEMPORAL_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  /** Task queue of the orchestration workflows (runs, plan groups, run requests). */
  TEMPORAL_TASK_QUEUE: z.string().default('orchestration'),
  /** Prefix of the runner task queues: `<prefix>web`, `<prefix>android`, `<prefix>ios`. */
  RUNNER_TASK_QUEUE_PREFIX: z.string().default('runner-'),
  /** 32 bytes, base64 or hex: the AES-256-GCM key of Environment runtime values. */
  SECRETS_KEY: z.string().min(1, 'SECRETS_KEY is required (32 bytes as base64 or hex)'),
  /** HMAC key of signed evidence links and the runner credential; derived from SECRETS_KEY when unset. */
  SIGNING_KEY: z.string().optional(),
  MEDIA_DIR: z.string().default('.data/media'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Credential runners present to fetch a Run's runtime values from the API; unset disables delivery. */
  RUNNER_TOKEN: z.string().min(16).optional(),
  /**
   * Runtime values travel from the API to runners over API_INTERNAL_URL: https, or loopback;
   * plain http to another host only when this is true (e.g. a private network the operator trusts).
   */
  RUNNER_CHANNEL_ALLOW_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Where runners reach the API for runtime values (default BASE_URL). */
  API_INTERNAL_URL: z.string().url().optional(),
  /** A runner variant that cannot substitute values sets this to false: it never polls the queue of Runs that use them. */
  RUNNER_CAN_SUBSTITUTE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Whether this worker process serves the orchestration queue (workflows and bookkeeping activities). */
  WORKER_ORCHESTRATION: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Whether this worker process makes webhook delivery attempts (WEBHOOK_TASK_QUEUE); unset: as WORKER_ORCHESTRATION. */
  WORKER_WEBHOOKS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Platforms this worker process runs steps for (comma list); empty runs orchestration only. */
  WORKER_RUNNER_PLATFORMS: z.string().default('web,api'),
  /** How long the API runner waits for one response (and for the OpenAPI document). */
  API_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** Runner attempts before a Run is `invalid`. */
  RUN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Member Runs of a plan group that execute at once. */
  PLAN_GROUP_WINDOW: z.coerce.number().int().min(1).max(500).default(20),
  /** Lifetime of signed run report links (days). */
  REPORT_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /**
   * Web Runs one runner worker process runs at once, each in its own context of one Chromium.
   * Default: two per core (a Run mostly waits on its page), at most one per 256 MiB of memory.
   */
  RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(defaultRunnerConcurrency),
  /** Playwright traces of web Runs: `on-failure` keeps one for each Run that did not pass, `always` for every Run, `off` none. */
  RUNNER_TRACE: z.enum(['on-failure', 'always', 'off']).default('on-failure'),
  /** Long-poll check interval of run.get, in milliseconds (the specification says once per second). */
  RUN_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(5000).default(1000),
  OAUTH_ISSUER: z.string().url().optional(),
  OAUTH_AUDIENCE: z.string().optional(),
  OAUTH_CLIENT_ID: z.string().optional(),
  OAUTH_CLIENT_SECRET: z.string().optional(),
  OAUTH_ORG_CLAIM: z.string().default('org_id'),
  /** Comma-separated origins allowed to call /api/mcp from a browser. */
  MCP_ALLOWED_ORIGINS: z.string().default(''),
  AI_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  /** How long one interpreter or generator call may take before it is abandoned (and retried). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Attempts of an interpretation or generation (Temporal activity retries) before it fails. */
  AI_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Estimated price of 1000 tokens in micro-dollars, billed when the provider reports no cost. */
  AI_PRICE_PER_1K_TOKENS_MICROS: z.coerce.number().int().min(0).max(100_000_000).default(2_000),
  RUN_REQUEST_MAX_ENTRIES: z.coerce.number().int().min(1).max(1000).default(8),
  MOBILE_SCHEDULE_TO_START_MS: z.coerce.number().int().min(1000).default(120_000),
  /** How long a web or API Run waits for a runner before `invalid` (a long queue needs more). */
  WEB_SCHEDULE_TO_START_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Largest mobile artifact an upload intent may declare, in bytes (default 500 MiB). */
  ARTIFACT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(4 * 1024 ** 3)
    .default(500 * 1024 * 1024),
  /** Task queue of webhook delivery attempts (their own queue, so slow receivers never hold up Runs). */
  WEBHOOK_TASK_QUEUE: z.string().default('webhooks'),
  /** Webhook endpoints one organization may have. */
  WEBHOOK_MAX_ENDPOINTS: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Seconds to wait before each delivery attempt (comma list): the Standard Webhooks schedule
   * (now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h). Tests set a short one.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('0,5,300,1800,7200,18000,36000,50400,72000,86400')
    .transform((text, ctx) => {
      const seconds = text.split(',').map((s) => Number(s.trim()));
      if (!seconds.length || seconds.some((n) => !Number.isFinite(n) || n < 0)) {
        ctx.addIssue({ code: 'custom', message: 'a comma list of non-negative seconds' });
        return z.NEVER;
      }
      return seconds;
    }),
  /** How long an endpoint may fail without a success before it is disabled (default five days). */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 24 * 3600 * 1000),
  /**
   * Hosts and CIDRs outgoing requests (webhooks) may reach over plain http and at private or
   * loopback addresses, comma list (e.g. `127.0.0.1/8,::1,localhost`). Everything else: https
   * to public addresses only.
   */
  EGRESS_ALLOW: z.string().default(''),
  /** false: runners and webhooks reach only EGRESS_ALLOW (tests, CI and fuzzing run so: loopback only). */
  EGRESS_PUBLIC: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * When the daily retention purge runs: a cron expression in UTC for the `retention-purge`
   * Temporal Schedule, which the orchestration worker creates or updates at start.
   */
  RETENTION_PURGE_CRON: z.string().min(9).max(100).default('17 3 * * *'),
  /** Rows per purge batch (one activity each). */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  /**
   * Per-organization request rate (every authenticated API and MCP request): a token bucket that
   * refills this many tokens a second and holds at most RATE_LIMIT_BURST. Past it: 429
   * RESOURCE_EXHAUSTED with Retry-After. 0 turns the limit off.
   */
  RATE_LIMIT_PER_SECOND: z.coerce.number().min(0).max(100_000).default(50),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Run requests (POST /api/run-requests) an organization may make per minute, bursts up to RUN_REQUEST_BURST; 0: off. */
  RUN_REQUEST_RATE_PER_MINUTE: z.coerce.number().min(0).max(100_000).default(30),
  RUN_REQUEST_BURST: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Runs of one organization past `queued` at once; the rest stay queued and start as these finish. */
  ORG_MAX_ACTIVE_RUNS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Members (Runs) one plan trigger may create; a larger plan is refused with FAILED_PRECONDITION. */
  PLAN_GROUP_MAX_MEMBERS: z.coerce.number().int().min(1).max(100_000).default(500),
  /**
   * A slot whose Run never recorded an end (its workflow was terminated) is free again after this
   * long; it must exceed the longest Run (RUN_MAX_ATTEMPTS × the runner's 20-minute bound).
   */
  RUN_SLOT_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(6 * 3600 * 1000),
  /**
   * Per-organization overrides of the limits above, JSON:
   * `{"org_…": {"ratePerSecond": 100, "rateBurst": 500, "runRequestsPerMinute": 60, "runRequestBurst": 20,
   * "maxActiveRuns": 200, "planGroupMaxMembers": 1000}}`; unnamed fields keep the defaults.
   */
  ORG_LIMITS: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return orgLimitOverrides.parse(JSON.parse(text));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `not a valid limits object: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

function defaultRunnerConcurrency(): number {
  const byMemory = Math.floor(totalmem() / (256 * 1024 * 1024));
  return Math.max(1, Math.min(64, 2 * availableParallelism(), byMemory));
}

export type Config = Readonly<ParsedConfig>;
type ParsedConfig = Omit<z.infer<typeof schema>, 'BASE_URL' | 'SITE_URL' | 'SIGNING_KEY' | 'API_INTERNAL_URL'> & {
  BASE_URL: string;
  API_INTERNAL_URL: string;
  SITE_URL: string;
  SIGNING_KEY: string;
};

/** Parses the environment once; throws one readable error listing every bad setting. The result is frozen. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.AI_BASE_URL && !c.AI_MODEL) {
    throw new Error("Invalid configuration:\n  AI_MODEL: required when AI_BASE_URL is set (the provider's model name)");
  }
  const base = (c.BASE_URL ?? `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${c.PORT}`).replace(/\/$/, '');
  return Object.freeze({
    ...c,
    BASE_URL: base,
    SITE_URL: (c.SITE_URL ?? base).replace(/\/$/, ''),
    API_INTERNAL_URL: (c.API_INTERNAL_URL ?? base).replace(/\/$/, ''),
    SIGNING_KEY: c.SIGNING_KEY ?? `signing:${c.SECRETS_KEY}`,
  });
}

/**
 * The runner task queue of a platform. Runs whose steps use Environment values go to their own
 * queue (`runner-web-values`), which only runners that can substitute poll: a runner that cannot
 * never claims them, and such a Run stays queued until a capable runner is there.
 */
export function runnerQueue(
  config: Pick<Config, 'RUNNER_TASK_QUEUE_PREFIX'>,
  platform: string,
  usesValues = false,
): string {
  return `${config.RUNNER_TASK_QUEUE_PREFIX}${platform}${usesValues ? '-values' : ''}`;
}

/**
 * The runner host's environment, where API credential bindings resolve (the specification:
 * "API credential bindings resolve {{env.<NAME>}} from the runner host's environment"). Only
 * the API runner reads it, for the variables a plan's auth profiles name.
 */
export function runnerHostEnvironment(): Readonly<Record<string, string | undefined>> {
  return process.env;
}

/**
 * Why the runner channel (API_INTERNAL_URL) may not carry runtime values, or null when it may:
 * https, a loopback address, or plain http explicitly allowed by RUNNER_CHANNEL_ALLOW_HTTP.
 */
export function runnerChannelProblem(
  config: Pick<Config, 'API_INTERNAL_URL' | 'RUNNER_CHANNEL_ALLOW_HTTP'>,
): string | null {
  const url = new URL(config.API_INTERNAL_URL);
  if (url.protocol === 'https:' || config.RUNNER_CHANNEL_ALLOW_HTTP) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || /^127\./.test(host)) return null;
  return `API_INTERNAL_URL (${url.origin}) is plain http to another host: runtime values would cross the network unencrypted. Use https, or set RUNNER_CHANNEL_ALLOW_HTTP=true on a network you trust.`;
}

/** The limits that apply to one organization: its ORG_LIMITS entry over the defaults. */
export interface OrgLimits {
  /** Requests a second (token refill); 0: unlimited. */
  ratePerSecond: number;
  rateBurst: number;
  /** Run requests a minute; 0: unlimited. */
  runRequestsPerMinute: number;
  runRequestBurst: number;
  maxActiveRuns: number;
  planGroupMaxMembers: number;
}

export function limitsOf(
  config: Pick<
    Config,
    | 'ORG_LIMITS'
    | 'RATE_LIMIT_PER_SECOND'
    | 'RATE_LIMIT_BURST'
    | 'RUN_REQUEST_RATE_PER_MINUTE'
    | 'RUN_REQUEST_BURST'
    | 'ORG_MAX_ACTIVE_RUNS'
    | 'PLAN_GROUP_MAX_MEMBERS'
  >,
  orgId: string,
): OrgLimits {
  const own = Object.hasOwn(config.ORG_LIMITS, orgId) ? config.ORG_LIMITS[orgId] : {};
  return {
    ratePerSecond: own.ratePerSecond ?? config.RATE_LIMIT_PER_SECOND,
    rateBurst: own.rateBurst ?? config.RATE_LIMIT_BURST,
    runRequestsPerMinute: own.runRequestsPerMinute ?? config.RUN_REQUEST_RATE_PER_MINUTE,
    runRequestBurst: own.runRequestBurst ?? config.RUN_REQUEST_BURST,
    maxActiveRuns: own.maxActiveRuns ?? config.ORG_MAX_ACTIVE_RUNS,
    planGroupMaxMembers: own.planGroupMaxMembers ?? config.PLAN_GROUP_MAX_MEMBERS,
  };
}

import { readFileSync } from 'node:fs';
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
  maxSchedules: z.number().int().min(0).max(100_000).optional(),
});
const orgLimitOverrides = z.record(z.string().min(1).max(40), orgLimits);

/**
 * Every setting of the service, parsed once from the environment. Nothing else reads
 * `process.env`; tests build a Config from their own object.
 */
/** Capabilities JSON the runner host merges into every session of a platform (device name, OS, a cloud's credentials). */
function appiumCapabilities(platform: 'android' | 'ios') {
  return z
    .string()
    .optional()
    .transform((text, ctx): Record<string, unknown> => {
      if (!text?.trim()) return {};
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // reported below, without echoing the text: it may hold a device cloud's credentials
      }
      ctx.addIssue({ code: 'custom', message: 'a JSON object of Appium capabilities' });
      return z.NEVER;
    })
    .meta({
      description: `JSON capabilities merged into every ${platform} Appium session (device name, OS version, a device cloud's options)`,
      shownDefault: '{}',
    });
}

export const configSchema = z.object({
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .meta({ description: 'API listen port', shownDefault: '3000' }),
  HOST: z.string().default('127.0.0.1').meta({ description: 'API listen address', shownDefault: '127.0.0.1' }),
  BASE_URL: z.string().url().optional().meta({
    description: 'the HTTP site address (`{base_url}`): links handed out, OpenAPI server',
    shownDefault: '`http://HOST:PORT`',
  }),
  SITE_URL: z.string().url().optional().meta({
    description: 'the application address used in the bearer challenge and the OAuth resource (`{SITE_URL}/api/mcp`)',
    shownDefault: '`BASE_URL`',
  }),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required, e.g. mysql://user:pass@127.0.0.1:3306/qa').meta({
    description: '`mysql://user:pass@host:port/db`, MySQL 8 or MariaDB 10.11+',
    shownDefault: '(`npm start`: private MariaDB)',
  }),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(20)
    .meta({ description: 'connections per API process', shownDefault: '20' }),
  API_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000).meta({
    description:
      'how long an API process trusts an active API key without a lookup: revocation takes effect within this (and 50 ms: the cache reads its clock at most that often) in every API process (0: look up every time)',
    shownDefault: '5000',
  }),
  DATABASE_POOL_QUEUE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(2_000).meta({
    description: 'requests that may wait for a pool connection; past it a burst gets 503 UNAVAILABLE',
    shownDefault: '2000',
  }),
  DB_QUERY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(8_000)
    .meta({ description: 'a query that takes longer is abandoned (its connection dropped)', shownDefault: '8000' }),
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(9_000).meta({
    description:
      "every API request answers within this (plus a long-poll's wait): 503 UNAVAILABLE when a dependency hangs",
    shownDefault: '9000',
  }),
  TEMPORAL_ADDRESS: z
    .string()
    .default('127.0.0.1:7233')
    .meta({ description: 'Temporal frontend address (host:port)', shownDefault: '127.0.0.1:7233' }),
  TEMPORAL_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000).meta({
    description: 'a workflow start the Temporal server has not accepted by then answers 503 UNAVAILABLE',
    shownDefault: '5000',
  }),
  TEMPORAL_NAMESPACE: z
    .string()
    .default('default')
    .meta({ description: 'Temporal namespace', shownDefault: 'default' }),
  TEMPORAL_API_KEY: z.string().min(1).optional().meta({
    description: 'API key of a Temporal Cloud namespace (sent over TLS); never logged',
    shownDefault: 'unset',
  }),
  TEMPORAL_TLS_CERT: z.string().min(1).optional().meta({
    description:
      'PEM file of the client certificate for mTLS to Temporal (Temporal Cloud or a cluster with mTLS), with `TEMPORAL_TLS_KEY`',
    shownDefault: 'unset',
  }),
  TEMPORAL_TLS_KEY: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "PEM file of that certificate's private key", shownDefault: 'unset' }),
  TEMPORAL_TLS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .meta({
      description: 'TLS to the Temporal frontend (server certificate checked against the system CAs)',
      shownDefault: 'on when `TEMPORAL_API_KEY` or `TEMPORAL_TLS_CERT` is set',
    }),
  TEMPORAL_TASK_QUEUE: z
    .string()
    .default('orchestration')
    .meta({ description: 'queue of the workflows and bookkeeping activities', shownDefault: 'orchestration' }),
  RUNNER_TASK_QUEUE_PREFIX: z.string().default('runner-').meta({
    description:
      'runner queues: `runner-web`, `runner-api`, `runner-android`, `runner-ios` (and `…-values` for Runs that use Environment values)',
    shownDefault: 'runner-',
  }),
  SECRETS_KEY: z.string().min(1, 'SECRETS_KEY is required (32 bytes as base64 or hex)').meta({
    description: '32 bytes (base64 or hex): AES-256-GCM key of runtime values',
    shownDefault: '(`npm start` generates)',
  }),
  SIGNING_KEY: z
    .string()
    .optional()
    .meta({ description: 'HMAC key of signed media links', shownDefault: 'derived from `SECRETS_KEY`' }),
  MEDIA_DIR: z
    .string()
    .default('.data/media')
    .meta({ description: 'default media storage', shownDefault: '.data/media' }),
  S3_BUCKET: z.string().optional().meta({
    description: 'S3-compatible media storage instead of `MEDIA_DIR`: the bucket (set it to use S3)',
    shownDefault: 'unset',
  }),
  S3_ENDPOINT: z.string().url().optional().meta({ description: 'S3 endpoint URL (unset: AWS)', shownDefault: 'unset' }),
  S3_REGION: z.string().default('us-east-1').meta({ description: 'S3 region' }),
  S3_ACCESS_KEY_ID: z.string().optional().meta({
    description:
      'S3 access key id, set together with S3_SECRET_ACCESS_KEY (both unset: the default AWS credential chain)',
    shownDefault: 'unset',
  }),
  S3_SECRET_ACCESS_KEY: z.string().optional().meta({ description: 'S3 secret access key', shownDefault: 'unset' }),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .meta({ description: 'path-style bucket addresses (most S3-compatible servers need them)', shownDefault: 'unset' }),
  RUNNER_TOKEN: z.string().min(16).optional().meta({
    description: 'credential runners present to fetch runtime values',
    shownDefault: '(`npm start` generates)',
  }),
  RUNNER_CHANNEL_ALLOW_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .meta({
      description: 'allow runtime values to reach runners over plain http to a non-loopback `API_INTERNAL_URL`',
      shownDefault: 'false',
    }),
  API_INTERNAL_URL: z
    .string()
    .url()
    .optional()
    .meta({ description: 'where runners reach the API', shownDefault: '`BASE_URL`' }),
  RUNNER_CAN_SUBSTITUTE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .meta({
      description: '`false`: this runner never polls the queue of Runs that use Environment values',
      shownDefault: 'true',
    }),
  WORKER_ORCHESTRATION: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .meta({ description: '`false` makes a runner-only worker', shownDefault: 'true' }),
  WORKER_WEBHOOKS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .meta({
      description: 'whether a worker process makes delivery attempts',
      shownDefault: 'as `WORKER_ORCHESTRATION`',
    }),
  API_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(300_000).default(0).meta({
    description:
      'on SIGTERM/SIGINT, how long an API process keeps accepting connections while /healthz answers 503 draining (set it to the time your load balancer takes to notice)',
    shownDefault: '0',
  }),
  API_DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000).meta({
    description: 'after that, how long requests in flight may take to finish before the API process exits',
    shownDefault: '10000',
  }),
  WORKER_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000).meta({
    description:
      'on SIGTERM/SIGINT, how long a step in flight may take to finish before the worker hands its Run over to another worker (no new step starts meanwhile)',
    shownDefault: '10000',
  }),
  WORKER_RUNNER_PLATFORMS: z.string().default('web,api').meta({
    description: 'runner queues a worker process serves (empty: orchestration only)',
    shownDefault: 'web,api',
  }),
  API_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000).meta({
    description: 'how long the API runner waits for one response (and the OpenAPI document)',
    shownDefault: '10000',
  }),
  RUN_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .meta({ description: 'runner attempts before a Run is `invalid`', shownDefault: '3' }),
  PLAN_GROUP_WINDOW: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(20)
    .meta({ description: 'member Runs of a plan group executing at once', shownDefault: '20' }),
  REPORT_LINK_TTL_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .default(14)
    .meta({ description: 'lifetime of the signed run report links (`reportUrl`)', shownDefault: '14' }),
  CHROMIUM_PATH: z
    .string()
    .default('/usr/bin/chromium')
    .meta({ description: 'browser of the web runner', shownDefault: '/usr/bin/chromium' }),
  FFMPEG_PATH: z.string().default('/usr/bin/ffmpeg').meta({
    description: "video encoder of the web runner (Debian's ffmpeg), used only by Runs that ask for a video",
    shownDefault: '/usr/bin/ffmpeg',
  }),
  RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(defaultRunnerConcurrency).meta({
    description: 'web Runs one worker process runs at once (one Chromium, a fresh context each)',
    shownDefault: '2 per core, at most 1 per 256 MiB',
  }),
  APPIUM_URL: z
    .url({ protocol: /^https?$/, error: 'an http(s) URL of an Appium server, grid or device cloud hub' })
    .optional()
    .meta({
      description:
        'Appium server (or device cloud hub) of the mobile runner; without it no worker takes android or ios Runs',
      shownDefault: 'unset',
    }),
  APPIUM_CAPABILITIES_ANDROID: appiumCapabilities('android'),
  APPIUM_CAPABILITIES_IOS: appiumCapabilities('ios'),
  MOBILE_RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1).meta({
    description: 'Appium sessions one worker process holds at once (device clouds cap parallel sessions)',
    shownDefault: '1',
  }),
  MOBILE_RUNNER_NAME: z.string().min(1).max(200).optional().meta({
    description:
      "this mobile runner's name, under which it records its open sessions so that a restart ends them; give each runner process on one host its own",
    shownDefault: 'the host name',
  }),
  RUNNER_TRACE: z.enum(['on-failure', 'always', 'off']).default('on-failure').meta({
    description: 'Playwright trace of each web Run that did not pass; `always` for every Run, `off` for none',
    shownDefault: 'on-failure',
  }),
  RUN_POLL_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(5000)
    .default(1000)
    .meta({ description: 'long-poll check interval', shownDefault: '1000' }),
  OAUTH_ISSUER: z.string().url().optional().meta({
    description:
      'OAuth authorization server whose access tokens the API accepts (unset: API keys only; see docs/interface.md)',
    shownDefault: 'unset',
  }),
  OAUTH_AUDIENCE: z
    .string()
    .optional()
    .meta({ description: 'audience an access token must carry', shownDefault: '`{SITE_URL}/api/mcp`' }),
  OAUTH_CLIENT_ID: z
    .string()
    .optional()
    .meta({ description: 'client id for token introspection of opaque tokens', shownDefault: '–' }),
  OAUTH_CLIENT_SECRET: z
    .string()
    .optional()
    .meta({ description: 'client secret for token introspection', shownDefault: '–' }),
  OAUTH_ORG_CLAIM: z
    .string()
    .default('org_id')
    .meta({ description: 'the token claim that names the organization', shownDefault: 'org_id' }),
  CONSOLE_SESSION_TTL_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(7 * 24 * 3_600_000)
    .default(8 * 3_600_000)
    .meta({
      description: 'how long a console sign-in lasts before the console asks to sign in again',
      shownDefault: '28800000 (8 h)',
    }),
  CONSOLE_OIDC_CLIENT_ID: z.string().optional().meta({
    description:
      "the console's client id at OAUTH_ISSUER (authorization code with PKCE, redirect `{SITE_URL}/api/console/oidc/callback`); unset: the console signs in with an API key",
    shownDefault: 'unset',
  }),
  CONSOLE_OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .meta({ description: "the console client's secret (unset: a public client, PKCE only)", shownDefault: 'unset' }),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .meta({ description: 'extra browser origins allowed on `/api/mcp`', shownDefault: 'empty' }),
  AI_PROVIDER: z.enum(['embedded', 'openai', 'anthropic']).optional().meta({
    description:
      'which provider writes plans and interprets run requests, through its official SDK: `openai` (OpenAI and every OpenAI-compatible server: vLLM, Ollama, LM Studio, llama.cpp), `anthropic`, or `embedded` (no provider)',
    shownDefault: '`openai` when AI_BASE_URL is set, else `embedded`',
  }),
  AI_BASE_URL: z.string().url().optional().meta({
    description:
      "the provider's base URL (OpenAI-compatible servers: e.g. http://127.0.0.1:11434/v1 for Ollama); unset = the provider's own API, or the embedded generator and interpreter when AI_PROVIDER is unset",
    shownDefault: 'unset',
  }),
  AI_MODEL: z.string().optional().meta({
    description:
      "the provider's model name (required with a provider), e.g. `gpt-4.1-mini`, `claude-sonnet-4-5`, `llama3.1`",
    shownDefault: 'unset',
  }),
  AI_API_KEY: z.string().optional().meta({
    description: "the provider's API key (local OpenAI-compatible servers need none)",
    shownDefault: 'unset',
  }),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000).meta({
    description: 'one provider call may take this long before it is abandoned (and retried)',
    shownDefault: '30000',
  }),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2).meta({
    description:
      "retries of one provider call by the provider's SDK, with its backoff, on a timeout, a lost connection or HTTP 408/409/429/5xx",
    shownDefault: '2',
  }),
  AI_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .meta({ description: 'attempts of an interpretation or generation', shownDefault: '3' }),
  AI_PRICE_PER_1K_TOKENS_MICROS: z.coerce.number().int().min(0).max(100_000_000).default(2_000).meta({
    description: 'token price estimate (micro-dollars per 1,000 tokens) when the provider reports no cost',
    shownDefault: '2000',
  }),
  RUN_REQUEST_MAX_ENTRIES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(8)
    .meta({ description: 'largest plan × environment matrix of a run request, counted in entries', shownDefault: '8' }),
  MOBILE_SCHEDULE_TO_START_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(120_000)
    .meta({ description: 'how long a mobile Run waits for a runner before `invalid`', shownDefault: '120000' }),
  WEB_SCHEDULE_TO_START_MS: z.coerce.number().int().min(1000).default(300_000).meta({
    description: 'how long a web or API Run waits for a runner before `invalid` (raise it for long queues)',
    shownDefault: '300000',
  }),
  RUNNER_HEARTBEAT_TIMEOUT_MS: z.coerce.number().int().min(5_000).max(600_000).default(10_000).meta({
    description:
      'how long a runner may go without a heartbeat (it sends one every 2 s) before its attempt counts as lost and the Run is retried, then `invalid`; raise it on runner hosts loaded past their cores',
    shownDefault: '10000',
  }),
  ARTIFACT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(4 * 1024 ** 3)
    .default(500 * 1024 * 1024)
    .meta({ description: 'largest mobile artifact upload', shownDefault: '500 MiB' }),
  WEBHOOK_TASK_QUEUE: z
    .string()
    .default('webhooks')
    .meta({ description: 'queue of webhook delivery attempts', shownDefault: 'webhooks' }),
  WEBHOOK_MAX_ENDPOINTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .meta({ description: 'webhook endpoints per organization', shownDefault: '10' }),
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
    })
    .meta({
      description:
        'seconds before each delivery attempt (the Standard Webhooks schedule; ±10 % jitter; `Retry-After` honoured up to 24 h)',
      shownDefault: '0,5,300,1800,7200,18000,36000,50400,72000,86400',
    }),
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 24 * 3600 * 1000)
    .meta({
      description: 'an endpoint failing this long without a success is disabled',
      shownDefault: '432000000 (5 days)',
    }),
  EGRESS_ALLOW: z.string().default('').meta({
    description:
      'hosts and CIDRs that runners and webhooks may reach at non-public addresses (and webhooks over plain http), e.g. `127.0.0.0/8,::1,localhost`',
    shownDefault: 'empty (`npm start`: loopback)',
  }),
  EGRESS_PUBLIC: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .meta({
      description: '`false`: runners and webhooks reach nothing but `EGRESS_ALLOW` (tests, CI, fuzzing)',
      shownDefault: 'true',
    }),
  SCHEDULES_MAX_PER_ORG: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(50)
    .meta({ description: 'scheduled plans per organization (one more is RESOURCE_EXHAUSTED)', shownDefault: '50' }),
  SCHEDULE_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60).meta({
    description: "the shortest time between a schedule's fires (an `every`, or a cron expression's closest fires)",
    shownDefault: '60',
  }),
  SCHEDULE_CATCHUP_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 86_400)
    .default(600)
    .meta({
      description:
        'after the service or Temporal was down, a fire missed within this window is caught up (at most one per outage)',
      shownDefault: '600',
    }),
  SCHEDULE_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000).meta({
    description:
      'how often the API brings the Temporal Schedules in line with the schedule records (also at start-up); 0: never',
    shownDefault: '60000',
  }),
  RETENTION_PURGE_CRON: z.string().min(9).max(100).default('17 3 * * *').meta({
    description: 'when the daily retention purge runs (cron, UTC): the `retention-purge` Temporal Schedule',
    shownDefault: '`17 3 * * *`',
  }),
  RETENTION_BATCH_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(100)
    .meta({ description: 'rows per purge batch (one activity each)', shownDefault: '100' }),
  RATE_LIMIT_PER_SECOND: z.coerce.number().min(0).max(100_000).default(50).meta({
    description:
      'Per-organization request rate (every authenticated API and MCP request): a token bucket that refills this many tokens a second and holds at most RATE_LIMIT_BURST. Past it: 429 RESOURCE_EXHAUSTED with Retry-After. 0 turns the limit off.',
  }),
  RATE_LIMIT_BURST: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(300)
    .meta({ description: 'most tokens the request bucket of an organization holds: the burst it may send at once' }),
  RUN_REQUEST_RATE_PER_MINUTE: z.coerce.number().min(0).max(100_000).default(30).meta({
    description:
      'Run requests (POST /api/run-requests) an organization may make per minute, bursts up to RUN_REQUEST_BURST; 0: off.',
  }),
  RUN_REQUEST_BURST: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(10)
    .meta({ description: 'most run requests an organization may make in a burst' }),
  ORG_MAX_ACTIVE_RUNS: z.coerce.number().int().min(1).max(100_000).default(50).meta({
    description: 'Runs of one organization past `queued` at once; the rest stay queued and start as these finish.',
  }),
  PLAN_GROUP_MAX_MEMBERS: z.coerce.number().int().min(1).max(100_000).default(500).meta({
    description: 'Members (Runs) one plan trigger may create; a larger plan is refused with FAILED_PRECONDITION.',
  }),
  RUN_SLOT_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(6 * 3600 * 1000)
    .meta({
      description:
        "A slot whose Run never recorded an end (its workflow was terminated) is free again after this long; it must exceed the longest Run (RUN_MAX_ATTEMPTS × the runner's 20-minute bound).",
    }),
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
    })
    .meta({
      description:
        'Per-organization overrides of the limits above, JSON: `{"org_…": {"ratePerSecond": 100, "rateBurst": 500, "runRequestsPerMinute": 60, "runRequestBurst": 20, "maxActiveRuns": 200, "planGroupMaxMembers": 1000, "maxSchedules": 100}}`; unnamed fields keep the defaults.',
    }),
  LOG_LEVEL: z
    .enum(['debug', 'info', 'warn', 'error', 'silent'])
    .default('info')
    .meta({ description: 'debug, info, warn, error, silent', shownDefault: 'info' }),
});

function defaultRunnerConcurrency(): number {
  const byMemory = Math.floor(totalmem() / (256 * 1024 * 1024));
  return Math.max(1, Math.min(64, 2 * availableParallelism(), byMemory));
}

export type Config = Readonly<ParsedConfig>;
type ParsedConfig = Omit<z.infer<typeof configSchema>, 'BASE_URL' | 'SITE_URL' | 'SIGNING_KEY' | 'API_INTERNAL_URL'> & {
  BASE_URL: string;
  API_INTERNAL_URL: string;
  SITE_URL: string;
  SIGNING_KEY: string;
};

/** Parses the environment once; throws one readable error listing every bad setting. The result is frozen. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (
    ((c.AI_BASE_URL && c.AI_PROVIDER !== 'embedded') || c.AI_PROVIDER === 'openai' || c.AI_PROVIDER === 'anthropic') &&
    !c.AI_MODEL
  ) {
    throw new Error(
      "Invalid configuration:\n  AI_MODEL: required when AI_BASE_URL or AI_PROVIDER is set (the provider's model name)",
    );
  }
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the default AWS credential chain)',
    );
  }
  if (!c.TEMPORAL_TLS_CERT !== !c.TEMPORAL_TLS_KEY) {
    throw new Error('Invalid configuration:\n  TEMPORAL_TLS_CERT, TEMPORAL_TLS_KEY: set both (mTLS), or neither');
  }
  if (c.TEMPORAL_TLS === false && (c.TEMPORAL_API_KEY || c.TEMPORAL_TLS_CERT)) {
    throw new Error(
      'Invalid configuration:\n  TEMPORAL_TLS: an API key or a client certificate needs TLS; remove TEMPORAL_TLS=false',
    );
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

/** How the API and the workers reach Temporal: what `Connection.connect` and `NativeConnection.connect` take. */
export interface TemporalEndpoint {
  address: string;
  tls?: boolean | { clientCertPair: { crt: Buffer; key: Buffer } };
  apiKey?: string;
}

/**
 * The Temporal endpoint of the settings: plain on loopback and private networks, TLS with an API
 * key or a client certificate for Temporal Cloud (docs/deployment.md). Reads the PEM files.
 */
export function temporalEndpoint(
  config: Pick<
    Config,
    'TEMPORAL_ADDRESS' | 'TEMPORAL_API_KEY' | 'TEMPORAL_TLS_CERT' | 'TEMPORAL_TLS_KEY' | 'TEMPORAL_TLS'
  >,
): TemporalEndpoint {
  const endpoint: TemporalEndpoint = { address: config.TEMPORAL_ADDRESS };
  if (config.TEMPORAL_TLS_CERT && config.TEMPORAL_TLS_KEY)
    endpoint.tls = {
      clientCertPair: { crt: readFileSync(config.TEMPORAL_TLS_CERT), key: readFileSync(config.TEMPORAL_TLS_KEY) },
    };
  else if (config.TEMPORAL_TLS ?? !!config.TEMPORAL_API_KEY) endpoint.tls = true;
  if (config.TEMPORAL_API_KEY) endpoint.apiKey = config.TEMPORAL_API_KEY;
  return endpoint;
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
  maxSchedules: number;
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
    | 'SCHEDULES_MAX_PER_ORG'
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
    maxSchedules: own.maxSchedules ?? config.SCHEDULES_MAX_PER_ORG,
  };
}

/**
 * How long one attempt of a provider call may take, the SDK's retries included: every try its
 * timeout, and between tries the SDKs' backoff (at most 8 s each). Temporal's timeout of the
 * activity is this plus the caller's own work.
 */
export function providerCallBudgetMs(config: Pick<Config, 'AI_TIMEOUT_MS' | 'AI_MAX_RETRIES'>): number {
  return config.AI_TIMEOUT_MS * (config.AI_MAX_RETRIES + 1) + 8_000 * config.AI_MAX_RETRIES;
}

import { z } from 'zod';
import type { IssuerEndpoints } from '../oauth/token-verifier';
import type { Config } from '../../core/config';
import { confirmRuleText, scopeOf, toolName, type Endpoint } from '../pipeline/model';
import { errorCodes, errorStatus } from '../../core/errors';
import { scopeDescriptions } from '../../core/scopes';
import { TEST_EVENT_TYPE, webhookEvent, webhookEventTypes } from '../../core/webhooks';
import { restRoutes } from './rest';

/**
 * The JSON Schema every surface publishes for a zod schema (request bodies in input mode, so
 * defaulted fields are not required); MCP tool input schemas use it too, so both stay identical.
 */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    // zod writes `default` only for .default(); a query value coerced from text states its own in meta.
    override: (ctx) => {
      const meta = z.globalRegistry.get(ctx.zodSchema);
      if (meta?.default !== undefined && ctx.jsonSchema.default === undefined) ctx.jsonSchema.default = meta.default;
    },
  }) as Record<string, unknown>;
  return rest;
};

const errorRef = { $ref: '#/components/schemas/Error' };
const resourceErrorRef = { $ref: '#/components/schemas/ResourceError' };

/** Every authenticated request may meet its organization's rate limit (RATE_LIMIT_PER_SECOND, ORG_LIMITS). */
const retryAfter = {
  'Retry-After': {
    description: 'Seconds until the organization may send again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

function errorResponses(ref: object, codes: number[]) {
  return Object.fromEntries(
    codes.map((status) => [
      String(status),
      {
        description:
          status === 429
            ? "RESOURCE_EXHAUSTED: the organization's request rate (or run-request rate) is used up; retry after Retry-After seconds"
            : errorCodes.filter((c) => errorStatus[c] === status).join(', '),
        ...(status === 429 ? { headers: retryAfter } : {}),
        content: { 'application/json': { schema: ref } },
      },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document, generated from the endpoint definitions (their v1 and REST bindings):
 * nothing in it is written by hand, so it cannot drift from the code.
 */
export function buildOpenApi(
  endpoints: Endpoint[],
  config: Pick<Config, 'BASE_URL' | 'SITE_URL' | 'OAUTH_ISSUER'>,
  issuerEndpoints?: IssuerEndpoints | null,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of endpoints) {
    if (!op.bindings.v1 || !op.body) continue;
    const scope = scopeOf(op);
    paths[`/api/v1/${op.name}`] = {
      post: {
        operationId: toolName(op),
        summary: op.summary,
        description: op.description,
        tags: [op.name.split('.')[0]],
        security: [{ apiKey: [] }, { oauth2: [scope] }],
        'x-scope': scope,
        'x-idempotency': op.idempotency,
        'x-confirm': op.confirm,
        'x-confirm-rule': confirmRuleText[op.confirm],
        'x-mcp-tool': op.bindings.mcp ? toolName(op) : null,
        ...(op.extension ? { 'x-extension': true } : {}),
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } },
        responses: {
          200: { description: 'Success', content: { 'application/json': { schema: jsonSchema(op.output, 'output') } } },
          ...errorResponses(errorRef, [400, 401, 403, 404, 409, 422, 429, 500, 503]),
        },
      },
    };
  }
  for (const { endpoint: e, binding } of restRoutes(endpoints)) {
    if (binding.internal) continue;
    const { shape } = binding;
    const body = shape ? shape.body : e.body;
    const status = binding.status ?? 200;
    // A binding that makes a fresh key when the header is absent has never documented the header.
    const keyHeader = e.idempotency !== 'none' && shape?.keyWhenAbsent !== 'fresh';
    const path = binding.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters = [
      ...schemaParams(e.params, 'path'),
      ...schemaParams(e.query, 'query'),
      ...(keyHeader
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: e.idempotency === 'required',
              // An empty header is no key (optional ones only).
              schema: { type: 'string', minLength: e.idempotency === 'required' ? 1 : 0, maxLength: 200 },
              description: 'Makes a retry safe: the same key and body return the first response; another body is 409.',
            },
          ]
        : []),
    ];
    const access = e.access;
    const summary = shape ? shape.summary : e.summary;
    const description = shape ? shape.description : e.restDescription;
    (paths[path] ??= {})[binding.method.toLowerCase()] = {
      operationId: `${binding.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary,
      ...(description ? { description } : {}),
      tags: ['resources'],
      security:
        access === 'public'
          ? []
          : typeof access === 'object'
            ? [{ apiKey: [] }, { oauth2: [access.scope] }]
            : access === 'api_key_only'
              ? [{ apiKey: [] }]
              : [{ apiKey: [] }, { oauth2: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? {
            requestBody: {
              // A body whose fields are all optional may be left out (it reads as {}).
              required: !body.safeParse({}).success,
              content: { 'application/json': { schema: jsonSchema(body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(status)]: {
          description: status < 300 ? 'Success' : summary,
          ...(binding.headers
            ? {
                headers: Object.fromEntries(
                  Object.entries(binding.headers).map(([name, text]) => [
                    name,
                    { description: text, schema: { type: 'string' } },
                  ]),
                ),
              }
            : {}),
          content: { 'application/json': { schema: jsonSchema(shape ? shape.response : e.output, 'output') } },
        },
        ...Object.fromEntries(
          Object.entries(binding.responses ?? {}).map(([code, text]) => [code, { description: text }]),
        ),
        // A public endpoint with inputs still answers 400 for malformed ones; paths under /api/v1/
        // answer in the v1 envelope. 409: a reused Idempotency-Key; 429: RESOURCE_EXHAUSTED.
        ...(access === 'public'
          ? e.params || e.query || body
            ? errorResponses(path.startsWith('/api/v1/') ? errorRef : resourceErrorRef, [400])
            : {}
          : errorResponses(resourceErrorRef, [400, 401, 403, 404, ...(keyHeader ? [409] : []), 422, 429, 500])),
      },
    };
  }
  const issuer = config.OAUTH_ISSUER?.replace(/\/$/, '');
  return {
    openapi: '3.1.0',
    info: {
      title: 'QA Test Orchestration Service',
      version: '1.0.0',
      description:
        'v1 operations are POST /api/v1/<resource>.<verb> with a JSON object body. ' +
        'Errors use { error: { code, message, details } }. Resource-style endpoints answer { error } on failure. ' +
        `OAuth clients discover the authorization server at ${config.SITE_URL}/.well-known/oauth-protected-resource/api/mcp.`,
    },
    servers: [{ url: config.BASE_URL }],
    paths,
    webhooks: outgoingWebhooks(),
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Organization API key (aut_…); holds every scope.' },
        oauth2: oauthScheme(issuer, issuerEndpoints),
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: errorCodes },
                message: { type: 'string' },
                details: { type: 'object', description: 'e.g. confirmRequired and wouldChange, or validation issues' },
              },
            },
          },
        },
        ResourceError: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'string' }, code: { type: 'string', enum: errorCodes } },
        },
      },
    },
  };
}

const webhookEventText: Record<string, string> = {
  'run.completed': 'A Run reached a terminal status (passing, failed, unverified, canceled or invalid).',
  'plan_group.completed': 'Every Run of a plan trigger ended; status is the worst Run status, runIds lists them.',
  'run_request.completed': 'A run request ended (completed, rejected, failed or canceled); runIds lists its Runs.',
  'assurance.ready': "An API Run's assurance snapshot is built; reportUrl is GET /api/runs/{runId}/assurance.",
  'schedule.state_changed':
    "A schedule's state (passing, failing, flaky) changed with the plan group that just ended; the group's " +
    'fields plus scheduleId, state, previousState, and recovered: true when it passes again.',
  'test_case.quarantined':
    'A Test Case entered quarantine, by hand or by the policy (testCaseId, reason, source); its Runs stop gating.',
  'test_case.released': 'A Test Case left quarantine (testCaseId, reason, source); its Runs gate again.',
  [TEST_EVENT_TYPE]: 'Sent by POST /api/webhooks/{webhookId}/test, once, never retried.',
};

/**
 * The OpenAPI 3.1 `webhooks` map: what the service POSTs to registered endpoints, one entry per
 * event type, with the Standard Webhooks headers.
 */
function outgoingWebhooks() {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description,
  });
  const parameters = [
    header('webhook-id', 'The event id: the same on every retry and redelivery of an event (deduplicate on it).'),
    header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed.'),
    header(
      'webhook-signature',
      'Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>` signatures, keyed by the base64 part of the ' +
        'endpoint secret (whsec_…); two during the 24 hours after a rotation.',
    ),
  ];
  return Object.fromEntries(
    [...webhookEventTypes, TEST_EVENT_TYPE].map((type) => [
      type,
      {
        post: {
          summary: webhookEventText[type],
          parameters,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(webhookEvent.extend({ type: z.literal(type) }), 'output'),
              },
            },
          },
          responses: {
            '2XX': {
              description: 'Received. Anything else is retried (408, 429, 5xx, timeouts) or permanent (3xx, 4xx).',
            },
            '410': { description: 'Gone: the service disables the endpoint.' },
          },
        },
      },
    ]),
  );
}

function schemaParams(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/**
 * The OAuth scheme: the authorization and token URLs as the configured issuer's metadata states
 * them. Until that metadata could be read (or with no issuer configured) the document points at
 * where a client discovers them instead of guessing paths.
 */
function oauthScheme(issuer: string | undefined, endpoints: IssuerEndpoints | null | undefined) {
  const description = 'OAuth access token (JWT or opaque) for a member of the organization.';
  if (endpoints) {
    return {
      type: 'oauth2',
      description,
      flows: {
        authorizationCode: {
          authorizationUrl: endpoints.authorizationUrl,
          tokenUrl: endpoints.tokenUrl,
          scopes: scopeDescriptions,
        },
      },
    };
  }
  if (!issuer) {
    return {
      type: 'oauth2',
      description: `${description} No issuer is configured (OAUTH_ISSUER), so no OAuth flow is offered: use an API key.`,
      flows: {},
      // The scopes a token would carry once an issuer is configured (each operation names its own).
      'x-scopes': scopeDescriptions,
    };
  }
  return {
    type: 'openIdConnect',
    description: `${description} The issuer's metadata could not be read when this document was made; discover its endpoints here.`,
    openIdConnectUrl: `${issuer}/.well-known/openid-configuration`,
  };
}

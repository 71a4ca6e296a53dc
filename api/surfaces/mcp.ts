import type Koa from 'koa';
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { withRequestDeadline } from '../middleware/deadline';
import { serializedOnce } from '../presenters/shared';
import type { Config } from '../../core/config';
import type { AppDeps } from '../pipeline/deps';
import { AppError } from '../../core/errors';
import { toAppError } from '../middleware/errors';
import { jsonSchema } from './openapi';
import { defineEndpoint, toolName, type Endpoint } from '../pipeline/model';
import { runEndpoint } from '../pipeline/run-endpoint';
import type { Principal } from '../../core/scopes';

/**
 * One tool per endpoint with an MCP binding, derived in this single loop: the input schema is
 * the very JSON Schema OpenAPI publishes for the v1 request body, the description the v1 one. No
 * output schema is declared, because error results carry `{ error }` as their structured content
 * and clients check structured content against a declared schema.
 */
export function mcpTools(endpoints: Endpoint[]): Map<string, { tool: Tool; op: Endpoint }> {
  const tools = new Map<string, { tool: Tool; op: Endpoint }>();
  for (const op of endpoints) {
    if (!op.bindings.mcp || !op.body) continue;
    const tool: Tool = {
      name: toolName(op),
      title: op.summary,
      description: op.description,
      inputSchema: jsonSchema(op.body, 'input') as Tool['inputSchema'],
      annotations: {
        readOnlyHint: op.idempotency === 'none',
        destructiveHint: op.confirm !== 'never',
        // Mutations carry an idempotencyKey: repeating a call with the same arguments changes nothing.
        idempotentHint: true,
        openWorldHint: false,
      },
    };
    tools.set(tool.name, { tool, op });
  }
  return tools;
}

const instructions =
  'Each tool is one operation of the v1 HTTP API (POST /api/v1/<operation>) with the same ' +
  'arguments, scopes, idempotency, confirmation rules and errors. Mutations need an idempotencyKey; reuse it when ' +
  'retrying the same call. A call that would replace configuration answers an INVALID_ARGUMENT error with ' +
  'details.confirmRequired and a details.wouldChange preview: show the preview, and only then repeat with ' +
  '"confirm": true. Errors are tool results with isError and { error: { code, message, details } }.';

function success(result: unknown): CallToolResult {
  const structured = result !== null && typeof result === 'object' && !Array.isArray(result);
  return {
    content: [{ type: 'text', text: serializedOnce(result) ?? JSON.stringify(result) }],
    ...(structured ? { structuredContent: plainRecord(result) } : {}),
  };
}

/** The SDK checks structured content is a plain record: an answer class gives its toJSON record. */
function plainRecord(value: object): Record<string, unknown> {
  const toJSON = (value as { toJSON?: () => Record<string, unknown> }).toJSON;
  return typeof toJSON === 'function' ? toJSON.call(value) : (value as Record<string, unknown>);
}

function failure(error: AppError): CallToolResult {
  const body = error.toJSON();
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

type Tools = ReturnType<typeof mcpTools>;

/** An MCP server for one authenticated HTTP request; every call goes through the endpoint pipeline. */
function createMcpServer(
  tools: Tools,
  principal: Principal,
  deps: AppDeps,
  requestId: string,
  from: Koa.Context,
): Server {
  const server = new Server(
    { name: 'qa-orchestrator', title: 'QA Test Orchestration Service', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools.values()].map((t) => t.tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const entry = tools.get(request.params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    try {
      // run.get extends the bound by its wait once it waits (extendDeadline).
      return success(
        await withRequestDeadline(deps.config.REQUEST_DEADLINE_MS, async (extend) => {
          const answer = await runEndpoint(
            entry.op,
            { body: request.params.arguments ?? {} },
            { principal, deps, requestId, surface: 'mcp', receivedAt: performance.now(), extendDeadline: extend, from },
          );
          return answer.value;
        }),
      );
    } catch (error) {
      return failure(toAppError(error, requestId, deps.log));
    }
  });
  return server;
}

const origin = (text: string): string | null => {
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
};

/** SITE_URL's origin and MCP_ALLOWED_ORIGINS; read per request (tests learn SITE_URL late). */
export function allowedOrigins(config: Pick<Config, 'SITE_URL' | 'MCP_ALLOWED_ORIGINS'>): Set<string> {
  const listed = config.MCP_ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return new Set([config.SITE_URL, ...listed].map(origin).filter((o): o is string => o !== null && o !== 'null'));
}

/** MCP transport rule: a present, unlisted Origin is refused (DNS rebinding, browser CSRF). */
function checkOrigin(koa: Koa.Context, deps: AppDeps): void {
  const given = koa.get('Origin');
  if (!given) return;
  const normalized = origin(given);
  if (normalized && allowedOrigins(deps.config).has(normalized)) return;
  throw new AppError(
    'PERMISSION_DENIED',
    `Origin ${given} may not call /api/mcp; allowed origins are set by MCP_ALLOWED_ORIGINS`,
  );
}

const jsonRpcMessage = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});

const statelessNote =
  'The server is stateless: every POST carries its own credential and no Mcp-Session-Id is issued, ' +
  'so there is no standalone SSE stream (GET) and no session to end (DELETE); both answer 405.';

/** Answers GET and DELETE, which a stateless Streamable HTTP server does not support (405). */
const notAllowed = (method: 'GET' | 'DELETE') =>
  defineEndpoint({
    name: `mcp.${method.toLowerCase()}`,
    // Not an operation of the document: a known path with an unsupported method (405 + Allow: POST).
    bindings: { rest: { method, path: '/api/mcp', before: checkOrigin, status: 405, internal: true } },
    summary: `MCP ${method}: not supported by this stateless server (405).`,
    description: statelessNote,
    access: 'credential',
    output: jsonRpcMessage,
    async handler(_input, { koa }) {
      koa.set('Allow', 'POST');
      // -32000: the implementation-defined server error the SDK itself answers 405 with.
      return {
        jsonrpc: '2.0' as const,
        id: null,
        error: { code: -32000, message: `Method not allowed. ${statelessNote}` },
      };
    },
  });

/**
 * `/api/mcp`: the Model Context Protocol over Streamable HTTP. Authentication is the API's
 * (`authenticate()`: API key or OAuth token, 401 with the challenge otherwise); a session id is
 * never a credential. Each POST gets a fresh server and transport; replies are plain JSON.
 */
export function mcpEndpoints(endpoints: Endpoint[]): Endpoint[] {
  const tools = mcpTools(endpoints);
  return [
    defineEndpoint({
      name: 'mcp.post',
      bindings: {
        rest: {
          method: 'POST',
          path: '/api/mcp',
          before: checkOrigin,
          responses: {
            202: 'A notification or response from the client was accepted.',
            406: 'Not Acceptable: the Accept header must list both application/json and text/event-stream.',
          },
        },
      },
      summary: 'Model Context Protocol (Streamable HTTP): one JSON-RPC message per request.',
      description:
        'Tools are the v1 catalog operations (names with "_" for "."; the three Note operations are HTTP-only), ' +
        'with the same JSON Schemas, scopes, confirmation rules, idempotency and errors. A request whose Origin ' +
        `is not allowed is refused with 403. ${statelessNote}`,
      access: 'credential',
      output: jsonRpcMessage,
      async handler(_input, { principal, deps, requestId, koa }) {
        const server = createMcpServer(tools, principal, deps, requestId, koa);
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        koa.res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        koa.respond = false;
        await transport.handleRequest(koa.req, koa.res, (koa.request as { body?: unknown }).body);
        return undefined;
      },
    }),
    notAllowed('GET'),
    notAllowed('DELETE'),
  ];
}

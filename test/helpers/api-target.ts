import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Bearer tokens of the two identities the target knows. */
export const TOKENS = { alice: 'alice-token-7c1e9f3a2b5d4e6f', bob: 'bob-token-0a9b8c7d6e5f4a3b' };

/**
 * A small shop API on loopback with an OpenAPI 3.1 document and known defects, the truth an
 * assurance snapshot is checked against:
 * - GET /orders/{orderId} lets any identity read any order (a BOLA hole);
 * - GET /profiles/{profileId} denies other identities (403) as it should;
 * - GET /orders/{orderId}/receipt answers `total` as a string where the document says number;
 * - POST /orders answers 500 when `quantity` is not a number (other bad input is 400);
 * - GET /orders/{orderId}/notes exists but is not documented;
 * - DELETE /orders/{orderId} is documented but no plan calls it;
 * - GET /dashboard (a web page) lists every order's id; /dashboard/empty lists none.
 */
export interface ApiTarget {
  url: string;
  /** Paths of every request received, e.g. `POST /orders`. */
  requests: string[];
  /** Authorization headers received (to check that only configured tokens were sent). */
  authorizations: Set<string>;
  /** Adds a field to profile responses: a shape change for the baseline check. */
  setProfileNickname(on: boolean): void;
  close(): Promise<void>;
}

const order = {
  type: 'object',
  required: ['id', 'item', 'quantity', 'owner'],
  properties: {
    id: { type: 'string' },
    item: { type: 'string' },
    quantity: { type: 'integer' },
    owner: { type: 'string' },
  },
};
const error = { type: 'object', required: ['error'], properties: { error: { type: 'string' } } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });

export const shopDocument = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1.0.0' },
  components: { schemas: { Order: order, Error: error } },
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            required: ['item', 'quantity'],
            properties: {
              item: { type: 'string', maxLength: 50 },
              quantity: { type: 'integer', minimum: 1, maximum: 100 },
            },
          }),
        },
        responses: {
          '201': { description: 'created', ...json({ $ref: '#/components/schemas/Order' }) },
          '400': { description: 'bad input', ...json({ $ref: '#/components/schemas/Error' }) },
          '401': { description: 'no identity', ...json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    },
    '/orders/{orderId}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'the order', ...json({ $ref: '#/components/schemas/Order' }) },
          '401': { description: 'no identity', ...json({ $ref: '#/components/schemas/Error' }) },
          '404': { description: 'no such order', ...json({ $ref: '#/components/schemas/Error' }) },
        },
      },
      delete: {
        operationId: 'deleteOrder',
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '204': { description: 'deleted' } },
      },
    },
    '/orders/{orderId}/receipt': {
      get: {
        operationId: 'getReceipt',
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'the receipt',
            ...json({
              type: 'object',
              required: ['total', 'currency'],
              properties: { total: { type: 'number' }, currency: { type: 'string' } },
            }),
          },
        },
      },
    },
    '/profiles/{profileId}': {
      get: {
        operationId: 'getProfile',
        parameters: [{ name: 'profileId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'the profile',
            ...json({
              type: 'object',
              required: ['id', 'name'],
              properties: { id: { type: 'string' }, name: { type: 'string' }, nickname: { type: 'string' } },
            }),
          },
          '403': { description: 'not yours', ...json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    },
  },
};

export async function startApiTarget(): Promise<ApiTarget> {
  const requests: string[] = [];
  const authorizations = new Set<string>();
  const orders = new Map<string, { id: string; item: string; quantity: number; owner: string }>();
  let nickname = false;
  let next = 1;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://target');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (url.pathname === '/openapi.json') return send(200, shopDocument);
    // Web pages of the shop (no identity needed): the dashboard lists every order; /dashboard/empty none.
    if (url.pathname === '/dashboard' || url.pathname === '/dashboard/empty') {
      const items =
        url.pathname === '/dashboard' ? [...orders.keys()].map((id) => `<li>Order ${id}</li>`).join('') : '';
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><title>Dashboard</title><h1>Orders</h1><ul>${items}</ul>`);
    }
    if (req.headers.authorization) authorizations.add(req.headers.authorization);
    const user = Object.entries(TOKENS).find(([, t]) => req.headers.authorization === `Bearer ${t}`)?.[0];
    if (!user) return send(401, { error: 'who are you?' });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'POST' && url.pathname === '/orders') {
        let body: { item?: unknown; quantity?: unknown };
        try {
          body = JSON.parse(text);
        } catch {
          return send(400, { error: 'not JSON' });
        }
        if (body.quantity !== undefined && typeof body.quantity !== 'number') {
          // The defect: arithmetic on a string blows up instead of a 400.
          return send(500, { error: 'internal error' });
        }
        if (typeof body.item !== 'string' || body.item.length > 50) return send(400, { error: 'item' });
        if (
          typeof body.quantity !== 'number' ||
          !Number.isInteger(body.quantity) ||
          body.quantity < 1 ||
          body.quantity > 100
        ) {
          return send(400, { error: 'quantity' });
        }
        const created = {
          id: `ord_${String(next++).padStart(12, '0')}abc`,
          item: body.item,
          quantity: body.quantity,
          owner: user,
        };
        orders.set(created.id, created);
        return send(201, created);
      }
      if (req.method === 'GET' && parts[0] === 'orders' && parts.length >= 2) {
        const found = orders.get(parts[1]);
        if (!found) return send(404, { error: 'no such order' });
        // The BOLA hole: no owner check on any order route.
        if (parts.length === 2) return send(200, found);
        if (parts[2] === 'receipt') return send(200, { total: String(found.quantity * 9.5), currency: 'EUR' });
        if (parts[2] === 'notes') return send(200, [{ text: 'leave at the door', createdAt: 1700000000000 }]);
      }
      if (req.method === 'GET' && parts[0] === 'profiles' && parts.length === 2) {
        if (parts[1] !== user) return send(403, { error: 'not yours' });
        return send(200, {
          id: user,
          name: user === 'alice' ? 'Alice' : 'Bob',
          ...(nickname ? { nickname: 'A' } : {}),
        });
      }
      send(404, { error: 'no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    authorizations,
    setProfileNickname: (on) => {
      nickname = on;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

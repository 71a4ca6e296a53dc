import assert from 'node:assert/strict';
import { ContractChecker } from '../../activities/engines/api/contract';
import type { DocumentedOperation } from '../../activities/engines/api/openapi';

/**
 * The contract check of an observed response (docs/api-assurance.md: "an undocumented status is a
 * failure, a status without a schema is indeterminate"), as OpenAPI 3.1 resolves a response: the
 * exact status, then its range (`2XX`), then `default`; the media type, then `type/*`, then `*\/*`.
 */
describe('the contract check of an observed response', () => {
  const order = {
    type: 'object',
    required: ['id', 'total'],
    properties: { id: { type: 'string' }, total: { type: 'number' } },
  };
  const operation = (responses: Record<string, unknown>): DocumentedOperation => ({
    key: 'GET /orders/{id}',
    method: 'GET',
    template: '/orders/{id}',
    operation: { responses } as DocumentedOperation['operation'],
    pattern: /^\/orders\/[^/]+$/,
    literals: 1,
  });
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const checker = new ContractChecker();

  it('a status neither listed, nor in a listed range, nor covered by default fails as undocumented', () => {
    const op = operation({ '200': json(order) });
    const result = checker.check(op, 404, 'application/json', {}, true);
    assert.equal(result.verdict, 'fail');
    assert.equal(result.code, 'CONTRACT_UNDOCUMENTED_STATUS');
    const ranged = operation({ '2XX': json(order) });
    assert.equal(checker.check(ranged, 201, 'application/json', { id: 'a', total: 1 }, true).verdict, 'pass');
    assert.equal(checker.check(ranged, 500, 'application/json', {}, true).code, 'CONTRACT_UNDOCUMENTED_STATUS');
    const fallback = operation({ '200': json(order), default: json({ type: 'object', required: ['error'] }) });
    assert.equal(checker.check(fallback, 500, 'application/json', { error: 'x' }, true).verdict, 'pass');
    assert.equal(checker.check(fallback, 500, 'application/json', {}, true).code, 'CONTRACT_SCHEMA_VIOLATION');
  });

  it('names where a body breaks its schema (the body itself, or a field), never the values', () => {
    const op = operation({ '200': json(order) });
    const atRoot = checker.check(op, 200, 'application/json; charset=utf-8', ['not', 'an', 'object'], true);
    assert.equal(atRoot.code, 'CONTRACT_SCHEMA_VIOLATION');
    assert.match(atRoot.reason, /\(the body\) must be object/);
    const atField = checker.check(op, 200, 'application/json', { id: 'secret-order-7', total: 'ten' }, true);
    assert.match(atField.reason, /\/total must be number/);
    assert.doesNotMatch(atField.reason, /secret-order-7|ten/);
  });

  it('a status documented without a schema, or a body that is not JSON, is indeterminate; no body where none is documented passes', () => {
    const op = operation({
      '200': { content: { 'text/plain': { schema: { type: 'string' } } } },
      '204': { description: 'deleted' },
      '202': { content: { 'application/json': {} } },
    });
    assert.equal(checker.check(op, 204, '', undefined, false).verdict, 'pass');
    assert.equal(checker.check(op, 204, 'application/json', { surprise: 1 }, true).verdict, 'indeterminate');
    assert.equal(checker.check(op, 202, 'application/json', {}, true).verdict, 'indeterminate');
    const text = checker.check(op, 200, 'text/plain', 'ok', true);
    assert.equal(text.verdict, 'indeterminate');
    assert.match(text.reason, /text\/plain bodies are not checked/);
    assert.match(checker.check(op, 200, '', 'ok', true).reason, /without a content type/);
  });

  it('falls back from the media type to its type/* and then */*', () => {
    const wild = operation({ '200': { content: { 'application/*': { schema: order } } } });
    assert.equal(checker.check(wild, 200, 'application/problem+json', { id: 'a', total: 2 }, true).verdict, 'pass');
    assert.equal(checker.check(wild, 200, 'application/problem+json', { id: 'a' }, true).verdict, 'fail');
    const any = operation({ '200': { content: { '*/*': { schema: order } } } });
    assert.equal(checker.check(any, 200, 'application/json', { id: 'a' }, true).verdict, 'fail');
  });
});

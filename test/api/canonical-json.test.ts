import assert from 'node:assert/strict';
import { canonicalJson, sha256 } from '../../core/crypto';

/**
 * The idempotency fingerprint of a request (docs/interface.md, Idempotency): the same request is
 * the same JSON value whatever the order of an object's fields, so it replays; JSON has no
 * `undefined`, so a field that is undefined is the field left out, as JSON.stringify writes it.
 */
describe('canonical JSON, the idempotency fingerprint', () => {
  it('an object is unordered, at every depth; an array is ordered', () => {
    const one = { name: 'Smoke', steps: [{ action: 'navigate', target: '/' }], meta: { b: 1, a: 2 } };
    const other = { meta: { a: 2, b: 1 }, steps: [{ target: '/', action: 'navigate' }], name: 'Smoke' };
    assert.equal(canonicalJson(one), canonicalJson(other));
    assert.equal(sha256(canonicalJson(one)), sha256(canonicalJson(other)));
    assert.notEqual(canonicalJson({ ids: [1, 2] }), canonicalJson({ ids: [2, 1] }));
    assert.equal(canonicalJson({ b: [{ d: 1, c: 2 }], a: null }), '{"a":null,"b":[{"c":2,"d":1}]}');
  });

  it('is JSON: an undefined field is left out, strings are escaped, and scalars are as JSON writes them', () => {
    assert.equal(canonicalJson({ a: 1, b: undefined }), canonicalJson({ a: 1 }));
    assert.equal(JSON.parse(canonicalJson({ 'q"uote': 'line\nbreak' }))['q"uote'], 'line\nbreak');
    assert.equal(canonicalJson(0), '0');
    assert.equal(canonicalJson(''), '""');
    assert.equal(canonicalJson(false), 'false');
    assert.equal(canonicalJson(null), 'null');
    assert.deepEqual(JSON.parse(canonicalJson({ z: { y: [1, 'x', true] } })), { z: { y: [1, 'x', true] } });
  });
});

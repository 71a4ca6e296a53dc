import assert from 'node:assert/strict';
import { oauthScopes } from '../helpers/openapi';
import { catalog, restBindings } from '../helpers/operations';
import { useApp } from '../helpers/app';

describe('OpenAPI document', () => {
  const t = useApp();

  it('is OpenAPI 3.1 and documents every catalog operation with its scope and schemas', async () => {
    const res = await fetch(`${t.app.url}/api/openapi.json`);
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.equal(doc.openapi, '3.1.0');
    for (const op of catalog) {
      const entry = doc.paths[`/api/v1/${op.name}`]?.post;
      assert.ok(entry, op.name);
      assert.equal(entry['x-scope'], op.scope);
      assert.deepEqual(entry.security, [{ apiKey: [] }, { oauth2: [op.scope] }]);
      const schema = entry.requestBody.content['application/json'].schema;
      assert.equal(schema.additionalProperties, false, `${op.name} rejects unknown fields`);
      assert.equal(schema.required?.includes('idempotencyKey') ?? false, op.idempotency === 'required', op.name);
      assert.ok(entry.responses['200'].content['application/json'].schema);
    }
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['apiKey', 'oauth2']);
    assert.ok(oauthScopes(doc)['svc:read']);
    for (const e of restBindings.filter((x) => !x.internal)) {
      const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
      assert.ok(doc.paths[path]?.[e.method.toLowerCase()], `${e.method} ${path} is documented`);
    }
    const limit =
      doc.paths['/api/v1/test_case.list'].post.requestBody.content['application/json'].schema.properties.limit;
    assert.deepEqual([limit.minimum, limit.maximum], [1, 100]);
  });
});

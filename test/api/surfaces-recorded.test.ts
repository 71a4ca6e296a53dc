import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedEndpoints } from '../../api/app';
import { endpoints } from '../../api/endpoints';
import { mcpTools } from '../../api/surfaces/mcp';
import { buildOpenApi } from '../../api/surfaces/openapi';

/**
 * The OpenAPI document and the MCP tool list, compared with copies recorded from the code: a change
 * of how endpoints are defined (issue 31) must leave both as they are. A deliberate change of the
 * interface re-records them with RECORD_SURFACES=1 and shows in the diff of the recorded files.
 */
const CONFIG = { BASE_URL: 'https://qa.example.test', SITE_URL: 'https://qa.example.test', OAUTH_ISSUER: undefined };
const recorded = (name: string, actual: unknown) => {
  const file = join(__dirname, '..', 'fixtures', name);
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (process.env.RECORD_SURFACES === '1') writeFileSync(file, text);
  assert.ok(existsSync(file), `${name} is not recorded: run the test once with RECORD_SURFACES=1`);
  return JSON.parse(readFileSync(file, 'utf8'));
};

describe('the interface as recorded', () => {
  it('the OpenAPI document is the recorded one', () => {
    const document = JSON.parse(JSON.stringify(buildOpenApi(servedEndpoints(), CONFIG)));
    assert.deepEqual(document, recorded('openapi.recorded.json', document));
  });

  it('the MCP tool list is the recorded one', () => {
    const tools = [...mcpTools(endpoints).values()].map(({ tool }) => tool);
    const plain = JSON.parse(JSON.stringify(tools));
    assert.deepEqual(plain, recorded('mcp-tools.recorded.json', plain));
  });
});

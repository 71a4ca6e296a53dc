import { servedEndpoints } from '../../api/app';
import { endpoints } from '../../api/endpoints';
import { scopeOf } from '../../api/pipeline/model';
import { restRoutes } from '../../api/surfaces/rest';

/** The v1 operations as tests read them: name, scope, whether MCP lists them, idempotency, description. */
export const catalog = endpoints
  .filter((e) => e.bindings.v1)
  .map((e) => ({
    name: e.name,
    scope: scopeOf(e)!,
    mcp: e.bindings.mcp === true,
    idempotency: e.idempotency,
    description: e.description,
  }));

/** Every REST binding the service serves (method, path, internal). */
export const restBindings = restRoutes(servedEndpoints()).map((r) => r.binding);

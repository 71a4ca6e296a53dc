/**
 * The OAuth scopes an OpenAPI document lists: on the issuer's authorization-code flow, or, with no
 * issuer configured (no flow to offer), under `x-scopes` of the oauth2 scheme.
 */
export function oauthScopes(doc: any): Record<string, string> {
  const oauth2 = doc.components.securitySchemes.oauth2;
  return oauth2.flows?.authorizationCode?.scopes ?? oauth2['x-scopes'] ?? {};
}

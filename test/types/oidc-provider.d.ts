/**
 * The part of oidc-provider (v9, untyped JavaScript) that test/helpers/oidc.ts uses; declared
 * here rather than adding @types/oidc-provider for one test helper.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ClientRecord {
    clientId: string;
  }
  interface ResourceServerInfo {
    scope: string;
    audience: string;
    accessTokenFormat: 'jwt' | 'opaque';
    accessTokenTTL?: number;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        jwks: { keys: object[] };
        clients: object[];
        scopes?: string[];
        ttl?: Record<string, number>;
        features?: {
          devInteractions?: { enabled: boolean };
          introspection?: { enabled: boolean; allowedPolicy?: (ctx: unknown, client: ClientRecord) => boolean };
          clientCredentials?: { enabled: boolean };
          resourceIndicators?: {
            enabled: boolean;
            defaultResource?: (ctx: unknown) => string;
            useGrantedResource?: () => boolean;
            getResourceServerInfo?: (ctx: unknown, resource: string, client: ClientRecord) => ResourceServerInfo;
          };
        };
        extraTokenClaims?: (
          ctx: unknown,
          token: { clientId: string; extra?: Record<string, unknown> },
        ) => Record<string, unknown> | undefined;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Client: { find(id: string): Promise<ClientRecord> };
    ResourceServer: new (identifier: string, info: ResourceServerInfo) => object;
    AccessToken: new (fields: Record<string, unknown>) => { save(): Promise<string> };
  }
}

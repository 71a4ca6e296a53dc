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
        interactions?: { url: (ctx: unknown, interaction: { uid: string }) => string };
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
          token: { clientId: string; accountId?: string; extra?: Record<string, unknown> },
        ) => Record<string, unknown> | undefined;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    /** Koa middleware around the provider's own (the provider is a Koa application). */
    use(middleware: import('koa').Middleware): this;
    Client: { find(id: string): Promise<ClientRecord> };
    ResourceServer: new (identifier: string, info: ResourceServerInfo) => object;
    AccessToken: new (fields: Record<string, unknown>) => { save(): Promise<string> };
    /** The ID token model; its payload() is what the ID token says. */
    IdToken: { prototype: { payload(): Promise<Record<string, unknown>> } };
    Grant: new (fields: { accountId: string; clientId: string }) => {
      addOIDCScope(scope: string): void;
      addResourceScope(resource: string, scope: string): void;
      rejectResourceScope(resource: string, scope: string): void;
      save(): Promise<string>;
    };
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown> }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
  }
}

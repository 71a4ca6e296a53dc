import type { Principal } from '../../core/scopes';

/** Verifies OAuth access tokens; provided by the OAuth capability when configured. */
export interface TokenVerifier {
  verify(token: string): Promise<Principal>;
  /** The issuer's endpoints as its metadata states them (discovery); null while it cannot be read. */
  authorizationServer(): Promise<IssuerEndpoints | null>;
}

export interface IssuerEndpoints {
  authorizationUrl: string;
  tokenUrl: string;
}

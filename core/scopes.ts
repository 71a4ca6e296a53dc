/** OAuth scopes of the specification; an organization API key holds every one. */
export const scopeDescriptions = {
  'svc:read': 'Read Test Cases, Test Plans, Runs, External Evidence, Environments and Notes',
  'svc:test_cases:write': 'Create Test Cases and replace their steps',
  'svc:test_plans:write': 'Create Test Plans and replace their membership',
  'svc:runs:write': 'Trigger Runs, upload and scan artifacts, create run requests',
  'svc:environments:write': 'Create or update Environments; relocate credential-shaped values into them',
  'svc:notes:write': 'Create Notes and comments',
  'svc:plans:write': 'Create resource-style plans and generate plans',
  'svc:webhooks:write': 'Manage webhook endpoints: create, change, rotate secrets, test, read and redeliver deliveries',
  'svc:retention:write':
    "Replace the organization's retention policy (how long evidence media and Run records are kept)",
  'svc:org:admin': "Read the organization's members, API keys and audit trail; create and revoke API keys",
} as const;

export type Scope = keyof typeof scopeDescriptions;
export const allScopes = Object.keys(scopeDescriptions) as Scope[];

/** Who is calling: resolved once per request by the auth middleware. */
export interface Principal {
  kind: 'api_key' | 'oauth';
  orgId: string;
  /** The API key id or the OAuth subject, for logs. */
  subject: string;
  scopes: ReadonlySet<Scope>;
  /**
   * OAuth principals only: the protected-resource metadata URL (RFC 9728) to name in an
   * `insufficient_scope` challenge, so the client can ask its authorization server for more.
   */
  resourceMetadataUrl?: string;
  /** Set when the caller acts through a console session: its Runs' source and its audit lines read "console". */
  via?: 'console';
}

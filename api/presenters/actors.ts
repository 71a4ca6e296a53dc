/**
 * Who did something, as a person reads it: an API key by its name ("key CI"; "key <id>" for a key
 * made before keys had names), a member by their sign-in subject, the quarantine policy as itself.
 * `keyNames` holds the names of the organization's keys among the ids.
 */
export function actorName(
  by: string,
  credential: 'api_key' | 'oauth' | undefined,
  keyNames: Map<string, string>,
): string {
  if (by === 'policy' && credential === undefined) return 'the quarantine policy';
  const keyName = keyNames.get(by);
  if (keyName) return `key ${keyName}`;
  return credential === 'api_key' ? `key ${by}` : by;
}

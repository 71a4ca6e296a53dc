import { loadConfig } from '../core/config';
import { createOrganization, issueApiKey } from '../domain/organizations';
import { createDataSource } from '../db/data-source';
import { apiKeyRepository, organizationRepository } from '../db/repositories/organizations';
import { isValidSubject, orgMemberRepository } from '../db/repositories/org-members';

/**
 * Administration command: prints exactly one JSON line on stdout.
 *   org create --name <name>      → {"orgId","apiKey"}
 *   key create --org <orgId> [--name <name>]  → {"apiKey"} (the name is shown for what the key did)
 *   key revoke --key <aut_… | key id>  → {"revoked": true}
 *   member add --org <orgId> --user <sub>     → {"orgId","user","added"} (added false: already a member)
 *   member remove --org <orgId> --user <sub>  → {"orgId","user","removed": true}
 */
async function main(argv: string[]) {
  const [noun, verb, ...rest] = argv;
  const flags = parseFlags(rest);
  const config = loadConfig();
  const ds = createDataSource(config.DATABASE_URL, 2);
  await ds.initialize();
  try {
    const db = ds.manager;
    const now = Date.now();
    if (noun === 'org' && verb === 'create') {
      const { orgId, apiKey } = await createOrganization(db, required(flags, 'name'));
      return { orgId, apiKey };
    }
    if (noun === 'key' && verb === 'create') {
      const orgId = required(flags, 'org');
      if (!(await organizationRepository.get(db, orgId))) throw new Error(`organization ${orgId} not found`);
      const name = flags.name?.trim() || null;
      if (name && name.length > 100) throw new Error('--name is at most 100 characters');
      return { orgId, apiKey: (await issueApiKey(db, orgId, now, { name: name ?? undefined })).apiKey };
    }
    if (noun === 'key' && verb === 'revoke') {
      const given = required(flags, 'key');
      const keyId = given.startsWith('aut_') ? given.slice(4, 20) : given;
      if (!(await apiKeyRepository.revoke(db, keyId, now))) throw new Error('no such active key');
      return { revoked: true, keyId };
    }
    if (noun === 'member' && (verb === 'add' || verb === 'remove')) {
      const orgId = required(flags, 'org');
      // The subject is compared byte for byte, so it is not trimmed.
      const user = flags.user ?? '';
      if (!isValidSubject(user))
        throw new Error('--user must be the OAuth subject (sub): 1 to 255 printable ASCII characters');
      if (verb === 'remove') {
        if (!(await orgMemberRepository.remove(db, orgId, user)))
          throw new Error(`${user} is not a member of ${orgId}`);
        return { orgId, user, removed: true };
      }
      if (!(await organizationRepository.get(db, orgId))) throw new Error(`organization ${orgId} not found`);
      return { orgId, user, added: await orgMemberRepository.add(db, orgId, user, now) };
    }
    throw new Error(
      'usage: admin org create --name <name> | key create --org <orgId> [--name <name>] | key revoke --key <apiKey or key id>' +
        ' | member add --org <orgId> --user <sub> | member remove --org <orgId> --user <sub>',
    );
  } finally {
    await ds.destroy();
  }
}

function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]);
    if (!m) throw new Error(`unexpected argument ${args[i]}`);
    flags[m[1]] = m[2] ?? args[++i] ?? '';
  }
  return flags;
}

function required(flags: Record<string, string>, name: string): string {
  const value = flags[name]?.trim();
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

main(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(JSON.stringify(result) + '\n');
  },
  (error) => {
    process.stdout.write(JSON.stringify({ error: error.message }) + '\n');
    process.exitCode = 1;
  },
);

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { configSchema } from './config';

interface FieldDoc {
  description?: string;
  default?: unknown;
  shownDefault?: string;
}

/**
 * docs/configuration.md, made from the configuration schema itself (each setting's `.meta`), so the
 * page cannot drift from what the service reads; test/docs.test.ts fails when the file is stale.
 */
export function configurationMarkdown(): string {
  const json = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, FieldDoc>;
    required?: string[];
  };
  const rows = Object.entries(json.properties).map(([name, field]) => {
    const meta = (configSchema.shape[name as keyof typeof configSchema.shape].meta() ?? {}) as FieldDoc;
    const shown =
      meta.shownDefault ??
      (field.default !== undefined ? String(field.default) : json.required?.includes(name) ? 'required' : 'unset');
    return `| \`${name}\` | ${shown} | ${meta.description ?? field.description ?? ''} |`;
  });
  return `# Configuration

<!-- Generated from core/config.ts by \`npm run docs\`; test/docs.test.ts fails when it is stale. -->

One typed module, \`core/config.ts\`, reads the environment once and freezes it: an invalid value
stops the process with a list of everything that is wrong. \`npm start\` fills in the development
values (a private MariaDB, a generated \`SECRETS_KEY\` and \`RUNNER_TOKEN\` kept in
\`.data/secrets.env\`, \`EGRESS_ALLOW\` for loopback).

| Variable | Default | Meaning |
|---|---|---|
${rows.join('\n')}

\`npm start\` alone also reads \`DB_PORT\`, \`TEMPORAL_PORT\` and \`TEMPORAL_UI_PORT\` (3307, 7233, 8233):
the ports of the development stack it starts; \`DATA_DIR\` (.data), where it keeps its state; and
\`TEMPORAL_SQLITE_PRAGMAS\` (journal_mode=wal,synchronous=normal), the pragmas of its Temporal state file.
`;
}

if (require.main === module) {
  const file = join(__dirname, '..', 'docs', 'configuration.md');
  writeFileSync(file, configurationMarkdown());
  process.stdout.write(`wrote ${file}\n`);
}

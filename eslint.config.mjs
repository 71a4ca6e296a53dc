// Lint keeps the layers' one-way imports and the workflow sandbox's rules, so they hold by
// build rather than by memory. See docs/architecture.md for the layers.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const layers = ['core', 'db', 'domain', 'workflows', 'activities', 'api'];

/** A relative import that reaches the given top-level folder (from any depth below the root). */
const into = (folder, rest = '(/|$)') => `^(\\.\\./)+${folder}${rest}`;

/** Refuses value imports of the named layers; `import type` stays allowed where `types` is true. */
const refuse = (folders, why, { types = false } = {}) =>
  folders.map((folder) => ({ regex: into(folder), message: `${why}`, allowTypeImports: types }));

/** workflows/: only contracts.ts is imported (values); the workflow functions by type only. */
const workflowsOnlyContracts = {
  regex: into('workflows', '(/(?!contracts$)[^/]+)?$'),
  message: 'import workflows/contracts only (the workflow functions themselves by `import type`)',
  allowTypeImports: true,
};

const apiRules = [
  ...refuse(['activities'], 'api/ never imports activities/ (move shared rules to domain/ or core/)'),
  workflowsOnlyContracts,
];

const activitiesRules = [
  ...refuse(['api'], 'activities/ never imports api/ (move shared rules to domain/ or core/)'),
  workflowsOnlyContracts,
];

/** The runner's engines, one folder a platform (activities/engines/<platform>/). */
const engines = ['web', 'api', 'mobile'];

const rules = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', '.tools/**', 'dist/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: rules(
      refuse(
        layers.filter((l) => l !== 'core'),
        'core/ imports no other project folder',
      ),
    ),
  },
  {
    files: ['db/**/*.ts'],
    rules: rules(refuse(['domain', 'workflows', 'activities', 'api'], 'db/ imports core/ only')),
  },
  {
    files: ['domain/**/*.ts'],
    rules: rules([
      ...refuse(['activities', 'api'], 'domain/ serves api/ and activities/; it never imports them'),
      workflowsOnlyContracts,
    ]),
  },
  {
    files: ['activities/**/*.ts'],
    rules: rules(activitiesRules),
  },
  // The runner: the activities Temporal calls (run/) over one engine a platform, what engines share
  // (engine/) under them all. Nothing imports upward, and no engine imports another.
  ...engines.map((engine) => ({
    files: [`activities/engines/${engine}/**/*.ts`],
    rules: rules([
      ...activitiesRules,
      { regex: into('run'), message: 'an engine never imports the runner activities (run/): they call it' },
      ...engines
        .filter((other) => other !== engine)
        .map((other) => ({ regex: into(other), message: 'an engine never imports another engine' })),
    ]),
  })),
  {
    files: ['activities/engines/shared/**/*.ts'],
    rules: rules([
      ...activitiesRules,
      ...refuse(['run', ...engines], 'engines/shared/ is what every engine shares: it imports none of them'),
    ]),
  },
  {
    // The surfaces (v1, REST, MCP, OpenAPI) and the app that composes them wrap the endpoint list.
    files: ['api/surfaces/**/*.ts', 'api/app.ts', 'api/server.ts'],
    rules: rules([...apiRules]),
  },
  {
    files: ['api/**/*.ts'],
    ignores: ['api/surfaces/**', 'api/app.ts', 'api/server.ts'],
    rules: rules([
      ...apiRules,
      ...['surfaces', 'app'].map((name) => ({
        regex: into(name),
        message: 'endpoints and what they use never import a surface: the surfaces are loops over the list',
      })),
    ]),
  },
  {
    // Deterministic sandbox: Temporal's workflow API and type-only imports (as temporalio/samples-typescript does).
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: builtinModules
            .flatMap((m) => [m, `node:${m}`])
            .map((name) => ({
              name,
              message: 'workflows run in a deterministic sandbox: no Node built-ins (do I/O in an activity)',
            })),
          patterns: [
            ...refuse(
              ['core', 'db', 'domain', 'activities', 'api'],
              'workflows import other layers by `import type` only',
              { types: true },
            ),
            {
              regex: '^(typeorm|mysql2|koa|@koa/.*|zod|playwright-core|@temporalio/(client|worker|activity))$',
              message: 'workflows use @temporalio/workflow only',
            },
          ],
        },
      ],
    },
  },
);

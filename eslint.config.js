// ESLint (flat config): typescript-eslint's recommended rules (not the type-checked set, so a run stays quick),
// React's hooks rules in the clients, and the rules that keep the code's boundaries (docs/lint.md):
// a console feature imports another only through shared folders, an API module reaches another only through
// its index.ts, no layer imports one above it, no import cycles.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const api = 'apps/api/src';
const clients = ['apps/web/src', 'apps/field/src'].filter((folder) => existsSync(path.join(root, folder)));

/** The sub-folders of a folder, read when ESLint starts, so a new module or feature is covered without an edit here. */
function foldersIn(folder) {
  const full = path.join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** features/<a> never imports features/<b>: what two features share lives in components/, lib/ or app/. */
function featureZones(client) {
  return foldersIn(`${client}/features`).map((feature) => ({
    target: `./${client}/features/${feature}`,
    from: `./${client}/features`,
    except: [`./${feature}`],
    message: `A feature imports another only through shared folders (components/, lib/, app/): move what both use there.`,
  }));
}

/** modules/<a> reaches modules/<b> only through modules/<b>/index.ts, its public face. */
function moduleZones() {
  const modules = foldersIn(`${api}/modules`);
  return modules.flatMap((module) =>
    modules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./${api}/modules/${module}`,
        from: `./${api}/modules/${other}`,
        except: ['./index.ts'],
        message: `Import modules/${other} through its index.ts (its public face), not its internals.`,
      })),
  );
}

/** Layers, lowest first: a layer imports only layers below it, never one above it, modules/ or app.ts. */
const LAYERS = ['lib', 'domain', 'db', 'platform', 'lists', 'adapters', 'modules'];
const TOP = ['app.ts', 'main.ts'];

function layerZones() {
  return LAYERS.slice(0, -1).map((layer, index) => ({
    target: `./${api}/${layer}`,
    from: [...LAYERS.slice(index + 1), ...TOP].map((higher) => `./${api}/${higher}`),
    message: `No upward imports: ${layer}/ sits below ${LAYERS.slice(index + 1).join(', ')} and app.ts (layers lowest first: ${LAYERS.join(', ')}).`,
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dev-dist/',
      'data/',
      'backups/',
      'coverage/',
      '**/test-results/',
      '**/playwright-report/',
      'bench/data/',
      'bench/.cache/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: clients.map((client) => `${client}/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/field/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no TypeScript file's imports, and no-cycle would see no cycle.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones('apps/web/src'), ...moduleZones(), ...layerZones()] }],
    },
  },
);

// ESLint (flat config): typescript-eslint's recommended rules (not the type-checked set, so a run stays quick),
// React's hooks rules in the clients, and the rules that keep the code's boundaries (docs/lint.md):
// a client's shared folders import no feature, a console feature imports another only through shared folders,
// a field feature reaches another only through its index.ts, an API module reaches another only through its
// index.ts, no layer imports one above it, no import cycles.
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

/** A client's shared folders (components/, lib/ and all below them, lib/outbox too) import no feature and not the app. */
function sharedZones(client) {
  return ['components', 'lib'].map((shared) => ({
    target: `./${client}/${shared}`,
    from: [`./${client}/features`, `./${client}/app`],
    message: `${shared}/ is shared: it imports no feature and not app/. Move what it needs into components/ or lib/.`,
  }));
}

/** Console: features/<a> never imports features/<b>: what two features share lives in components/, lib/ or app/. */
function featureZones(client) {
  return foldersIn(`${client}/features`).map((feature) => ({
    target: `./${client}/features/${feature}`,
    from: `./${client}/features`,
    except: [`./${feature}`],
    message: `A feature imports another only through shared folders (components/, lib/, app/): move what both use there.`,
  }));
}

/**
 * <folder>/<a> reaches <folder>/<b> only through <folder>/<b>/index.ts, its public face: the API's modules,
 * the field app's features. `skip`: sub-folders left out.
 */
function faceZones(folder) {
  const parts = foldersIn(folder);
  const name = path.basename(folder);
  return parts.flatMap((part) =>
    parts
      .filter((other) => other !== part)
      .map((other) => ({
        target: `./${folder}/${part}`,
        from: `./${folder}/${other}`,
        except: ['./index.ts'],
        message: `Import ${name}/${other} through its index.ts (its public face), not its internals.`,
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...clients.flatMap(sharedZones),
            ...featureZones('apps/web/src'),
            ...faceZones('apps/field/src/features'),
            ...faceZones(`${api}/modules`),
            ...layerZones(),
          ],
        },
      ],
    },
  },
);

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A module's index.ts is its public face: it exports its register, services and rules, not query builders
// (docs/lint.md). Another module's transaction reaches a module through functions taking the transaction's
// handle (ledger.postPayment(tx, …), tills.takeMoney(tx, …), messages.queueReceiptText(tx, …)). What a face
// still exports of its SQL is listed here, with its reason. The list only shrinks: a new query builder on a
// face fails, and so does a listed one that is gone (take it off).
const STILL_EXPORTED: Record<string, string[]> = {
  // The people lists read each motorist's subscription in the page's own statement (a join, a fifth cheaper
  // than a subquery per row; see subscriptionColumns): a service call would add a statement per page.
  subscriptions: ['joinSubscriptions', 'subscriptionColumns', 'subscriptionFromColumns'],
};

const modulesDir = path.join(import.meta.dirname, '../src/modules');
const SQL_FILE = /(^|\/)(repository|[\w-]*queries|[\w-]*sql)\.ts$/;
const BUILDER_NAME = /(Queries|Repository|Columns|columns)$/;

/** The names a face re-exports from its module's SQL files, or that are named as query builders. */
function queryExportsOf(face: string): string[] {
  const names: string[] = [];
  for (const [, list, from] of face.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const spec of list!.split(',')) {
      const name = spec
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name && (SQL_FILE.test(from!) || BUILDER_NAME.test(name))) names.push(name);
    }
  }
  return names.sort();
}

describe('module faces', () => {
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());

  it.each(modules.map((entry) => entry.name))('modules/%s/index.ts exports services, not query builders', (module) => {
    const face = readFileSync(path.join(modulesDir, module, 'index.ts'), 'utf8');
    expect(queryExportsOf(face)).toEqual([...(STILL_EXPORTED[module] ?? [])].sort());
  });

  it('reads a query builder on a face', () => {
    expect(queryExportsOf("export { thingQueries, type ThingRow } from './repository.ts';\nexport { x } from './service.ts';")).toEqual([
      'ThingRow',
      'thingQueries',
    ]);
  });
});

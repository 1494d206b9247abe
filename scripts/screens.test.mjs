import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAP_FILE, screensMap } from './screens.mjs';

describe('the console screens map (docs/screens.md)', () => {
  it('is what the pages table, the endpoints and the API routes say now: run `npm run screens` after changing them', () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '..', MAP_FILE), 'utf8');
    expect(committed, `${MAP_FILE} is stale: run \`npm run screens\` and commit it`).toBe(screensMap());
  });

  it('names a page, a declaration and a handler for every screen and endpoint it lists', () => {
    const map = screensMap();
    expect(map).toContain('Page: `apps/web/src/features/people/MotoristsPage.tsx`');
    expect(map).toContain(
      '| GET /api/motorist/user (`peopleEndpoints.motorists`) | `packages/contracts/src/endpoints/people/endpoints.ts` | `apps/api/src/modules/people/lists/routes.ts` | `apps/api/src/modules/people/lists/service.ts` | `apps/api/src/db/queries/people.sql` | 5 |',
    );
    const rows = map.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| endpoint'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split(' | ').slice(1, 3), row).not.toContain('—');
  });
});

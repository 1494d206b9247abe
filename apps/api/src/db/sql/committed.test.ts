import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../../../test/template-database.ts';
import { generateSql, OUTPUT_DIRS } from './generate.ts';

const DB_DIR = fileURLToPath(new URL('../', import.meta.url));

/** The committed files under db/queries and db/functions, by path under db/. */
function committed(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of OUTPUT_DIRS) {
    if (!existsSync(path.join(DB_DIR, dir))) continue;
    for (const name of readdirSync(path.join(DB_DIR, dir)).sort()) files.set(`${dir}/${name}`, readFileSync(path.join(DB_DIR, dir, name), 'utf8'));
  }
  return files;
}

/** Where two versions of a file first differ, as the reader needs it. */
function firstDifference(name: string, written: string, generated: string): string {
  const [a, b] = [written.split('\n'), generated.split('\n')];
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `apps/api/src/db/${name} differs from the code at line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  the code:  ${b[at] ?? '(end of file)'}`;
}

// Generated on PGlite whatever the database under test: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB === 'postgres')('the committed SQL (db/queries, db/functions)', () => {
  it('is what the code and the migrations send and define now: run `npm run sql` after changing either', { timeout: 180_000 }, async () => {
    const generated = await generateSql({ image: await pgliteTemplate() });
    const written = committed();
    const problems: string[] = [];
    for (const [name, content] of generated) {
      const file = written.get(name);
      if (file === undefined) problems.push(`apps/api/src/db/${name} is missing`);
      else if (file !== content) problems.push(firstDifference(name, file, content));
    }
    for (const name of written.keys()) if (!generated.has(name)) problems.push(`apps/api/src/db/${name} is no longer generated`);
    expect(problems, `${problems.slice(0, 5).join('\n')}\nRun \`npm run sql\` and commit the files it writes (docs/sql.md).`).toEqual([]);
  });
});

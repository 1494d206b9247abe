/** `npm run sql`: writes db/queries/ and db/functions/ afresh (docs/sql.md). */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSql, OUTPUT_DIRS } from './generate.ts';

const DB_DIR = fileURLToPath(new URL('../', import.meta.url));
const files = await generateSql({ warn: (line) => console.warn(`  stopped at an error: ${line}`) });
for (const dir of OUTPUT_DIRS) {
  rmSync(path.join(DB_DIR, dir), { recursive: true, force: true });
  mkdirSync(path.join(DB_DIR, dir), { recursive: true });
}
for (const [name, content] of files) writeFileSync(path.join(DB_DIR, name), content);
console.log(`${files.size} files written under apps/api/src/db/{${OUTPUT_DIRS.join(',')}}`);

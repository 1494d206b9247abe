import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes one outbox message as `name` in `dir`, whole or not at all: written first into a folder
 * beside it (same disk, so the rename is atomic), then moved in, so whoever reads `dir` (a person, a
 * test polling it) never opens a file still being written (an end-to-end journey read one empty).
 */
export async function writeOutboxFile(dir: string, name: string, data: string | Buffer): Promise<void> {
  const partials = path.join(path.dirname(dir), `.${path.basename(dir)}-partial`);
  await Promise.all([mkdir(dir, { recursive: true }), mkdir(partials, { recursive: true })]);
  const partial = path.join(partials, `${name}.${randomBytes(4).toString('hex')}`);
  await writeFile(partial, data);
  await rename(partial, path.join(dir, name));
}

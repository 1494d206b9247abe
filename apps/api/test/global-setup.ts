// Vitest globalSetup of the API projects: the migrated templates are made once per run, before any
// test file starts (and kept for later runs), instead of in a test file's hook.
import { pgliteTemplate, postgresTemplate } from './template-database.ts';

export default async function setup(): Promise<void> {
  await pgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL);
}

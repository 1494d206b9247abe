import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The 6-digit code of the newest reset mail to `email` in a server's outbox (DATA_DIR/outbox), waiting for it. */
export async function readResetCode(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const newestMail = () => {
    const files = (() => {
      try {
        return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      } catch {
        return [];
      }
    })();
    const newestFirst = files.map((name) => path.join(outbox, name)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    return newestFirst.map((file) => readFileSync(file, 'utf8')).find((mail) => new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'mi').test(mail));
  };
  let code: string | undefined;
  await expect.poll(() => (code = /reset code is (\d{6})/.exec(newestMail() ?? '')?.[1]), { message: `a reset mail to ${email} in ${outbox}` }).toBeTruthy();
  return code!;
}

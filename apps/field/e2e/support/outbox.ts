import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

function newestMailTo(outbox: string, email: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return undefined;
  }
  const newestFirst = files.map((name) => path.join(outbox, name)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return newestFirst.map((file) => readFileSync(file, 'utf8')).find((mail) => new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'mi').test(mail));
}

/** The 6-digit code of the newest reset mail to `email` in a server's outbox (DATA_DIR/outbox), waiting for it. */
export async function readResetCode(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const newestMail = () => newestMailTo(outbox, email);
  let code: string | undefined;
  await expect.poll(() => (code = /reset code is (\d{6})/.exec(newestMail() ?? '')?.[1]), { message: `a reset mail to ${email} in ${outbox}` }).toBeTruthy();
  return code!;
}

/** The code and link (relative to the server) of the newest reset code an administrator sent to `email`. */
export async function readSentResetCode(dataDir: string, email: string): Promise<{ code: string; link: string }> {
  const outbox = path.join(dataDir, 'outbox');
  let found: { code: string; link: string } | undefined;
  await expect
    .poll(
      () => {
        // Quoted-printable: soft line breaks and an encoded '='.
        const mail = (newestMailTo(outbox, email) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const code = /sent you a code to choose a new E-Ticketing password: (\d{6})\./.exec(mail)?.[1];
        const link = /https?:\/\/[^/\s]+(\/[^\s]*\?reset=[0-9a-f-]{36})/.exec(mail)?.[1];
        return (found = code && link ? { code, link } : undefined);
      },
      { message: `a sent reset mail to ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return found!;
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './environment.ts';

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

function newestMailTo(email: string): string | null {
  let files: string[];
  try {
    files = readdirSync(OUTBOX).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  const newestFirst = files.map((name) => path.join(OUTBOX, name)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of newestFirst) {
    const mail = readFileSync(file, 'utf8');
    if (new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'mi').test(mail)) return mail;
  }
  return null;
}

/** The 6-digit code of the newest reset mail to `email` in the server's outbox, waiting for it to arrive. */
export async function readResetCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = /reset code is (\d{6})/.exec(newestMailTo(email) ?? '')?.[1];
        return code;
      },
      { message: `a reset mail to ${email} in ${OUTBOX}` },
    )
    .toBeTruthy();
  return code!;
}

/**
 * The code and link of the newest reset code an administrator sent to `email` (issue 26), waiting
 * for it; the link is made relative to the server, as the journey's browser opens it.
 */
export async function readSentResetCode(email: string): Promise<{ code: string; path: string }> {
  let found: { code: string; path: string } | undefined;
  await expect
    .poll(
      () => {
        // Quoted-printable: soft line breaks and an encoded '='.
        const mail = (newestMailTo(email) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const code = /sent you a code to choose a new E-Ticketing password: (\d{6})\./.exec(mail)?.[1];
        const link = /https?:\/\/[^/\s]+(\/login\/password-reset\?reset=[0-9a-f-]{36})/.exec(mail)?.[1];
        found = code && link ? { code, path: link } : undefined;
        return found;
      },
      { message: `a sent reset mail to ${email} in ${OUTBOX}` },
    )
    .toBeTruthy();
  return found!;
}

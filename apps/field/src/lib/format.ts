// Money as everywhere (naira, en-NG grouping); dates are the phone's language's (lib/i18n.ts: dateOnly, dateTime).
export { naira } from '@eticket/i18n';

/** A Unique ID from a QR code: the public check's URL ({PUBLIC_URL}/v/{code}) or the bare code. */
export function codeFromQr(text: string): string | null {
  const trimmed = text.trim();
  const fromUrl = /\/v\/([A-Za-z0-9]+)\/?(?:[?#].*)?$/.exec(trimmed);
  const code = fromUrl ? fromUrl[1] : trimmed;
  return /^[A-Za-z0-9]{4,64}$/.test(code) ? code.toLowerCase() : null;
}

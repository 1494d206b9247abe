export const naira = (amount: number) => `₦${amount.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const LAGOS = { timeZone: 'Africa/Lagos' } as const;
export const dateTime = (at: string | number | Date) =>
  new Date(at).toLocaleString('en-NG', { ...LAGOS, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
export const dateOnly = (at: string | number | Date) => new Date(at).toLocaleDateString('en-NG', { ...LAGOS, day: 'numeric', month: 'short', year: 'numeric' });

/** A Unique ID from a QR code: the public check's URL ({PUBLIC_URL}/v/{code}) or the bare code. */
export function codeFromQr(text: string): string | null {
  const trimmed = text.trim();
  const fromUrl = /\/v\/([A-Za-z0-9]+)\/?(?:[?#].*)?$/.exec(trimmed);
  const code = fromUrl ? fromUrl[1] : trimmed;
  return /^[A-Za-z0-9]{4,64}$/.test(code) ? code.toLowerCase() : null;
}

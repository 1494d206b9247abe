import { useEffect, useState } from 'react';
import { QR_IMAGE_OPTIONS } from '@eticket/contracts';

/**
 * A PNG data URL of the QR code of this text, or null while it is made (or when text is null).
 * `qrcode` loads on first use: it stays out of the app's first load (bench:field's 120 KB budget).
 * Drawn with QR_IMAGE_OPTIONS, as the console draws it.
 */
export function useQrCode(text: string | null): string | null {
  const [made, setMade] = useState<{ text: string; dataUrl: string } | null>(null);
  useEffect(() => {
    if (text === null) return undefined;
    let current = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(text, QR_IMAGE_OPTIONS))
      .then((dataUrl) => current && setMade({ text, dataUrl }))
      .catch(() => undefined); // no code: the receipt still prints its check address as text
    return () => {
      current = false;
    };
  }, [text]);
  return made?.text === text ? made.dataUrl : null;
}

import { usePublicLinks, useQrCode } from '../../../lib/publicChecks.ts';

/** The caption of a person's QR code (spec: 'EBS / {userCode}'). */
export const qrCaption = (userCode: string) => `EBS / ${userCode}`;

/** What a motorist's QR code holds: the public check of the vehicle (issue 23), which anyone's camera opens. */
export { vehicleCheckUrl } from '@eticket/contracts';

/** Where the public pages are: PUBLIC_URL, else this origin (also when the server cannot be asked). */
export function usePublicUrl(): string | null {
  return usePublicLinks()?.publicUrl ?? null;
}

export { useQrCode };

/**
 * Opens a print window holding only the QR code and its caption, and asks it to print.
 * Returns false when the browser blocked the window.
 */
export function printQrCode(userCode: string, dataUrl: string): boolean {
  const win = window.open('', '_blank', 'width=480,height=600');
  if (!win) return false;
  const doc = win.document;
  doc.title = `QR code ${userCode}`;
  const style = doc.createElement('style');
  style.textContent =
    'body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;font-family:system-ui,sans-serif}' +
    'img{width:280px;height:280px}p{font-size:20px;font-weight:600;letter-spacing:.5px;margin:12px 0 0}';
  doc.head.append(style);
  const image = doc.createElement('img');
  image.alt = `QR code of ${userCode}`;
  const caption = doc.createElement('p');
  caption.textContent = qrCaption(userCode);
  doc.body.append(image, caption);
  image.onload = () => {
    win.focus();
    win.print();
  };
  image.src = dataUrl;
  return true;
}

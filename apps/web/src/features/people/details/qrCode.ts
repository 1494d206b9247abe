import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { publicEndpoints } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';

/** The caption of a person's QR code (spec: 'EBS / {userCode}'). */
export const qrCaption = (userCode: string) => `EBS / ${userCode}`;

/** What a motorist's QR code holds: the public check of the vehicle (issue 23), which anyone's camera opens. */
export const vehicleCheckUrl = (publicUrl: string, userCode: string) => `${publicUrl.replace(/\/+$/, '')}/v/${encodeURIComponent(userCode)}`;

/** Where the public pages are: PUBLIC_URL, else this origin (also when the server cannot be asked). */
export function usePublicUrl(): string | null {
  const links = useQuery({
    queryKey: ['public', 'links'],
    queryFn: async ({ signal }) => (await call(publicEndpoints.links, {}, { signal })).data.publicUrl,
    staleTime: Infinity,
    retry: 1,
  });
  if (links.isError) return window.location.origin;
  return links.data ?? null;
}

/** A PNG data URL of the QR code of this text (null: not known yet), made in the browser. */
export function useQrCode(text: string | null): { dataUrl: string | null; error: string | null } {
  const [state, setState] = useState<{ dataUrl: string | null; error: string | null }>({ dataUrl: null, error: null });
  useEffect(() => {
    if (text === null) return undefined;
    let current = true;
    QRCode.toDataURL(text, { width: 320, margin: 2, errorCorrectionLevel: 'M' })
      .then((dataUrl) => current && setState({ dataUrl, error: null }))
      .catch((error: Error) => current && setState({ dataUrl: null, error: error.message }));
    return () => {
      current = false;
    };
  }, [text]);
  return state;
}

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

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { DEFAULT_LEVY_NAME, QR_IMAGE_OPTIONS, publicEndpoints } from '@eticket/contracts';
import { call } from './api.ts';

export interface PublicLinks {
  /** Where the public check pages are: PUBLIC_URL, else the server's origin. */
  publicUrl: string;
  /** LEVY_NAME: what receipts and ID cards are headed with. */
  levyName: string;
}

/**
 * The server's PUBLIC_URL and LEVY_NAME (GET /api/public/links); null until known. When the server
 * cannot be asked: this origin and the default name.
 */
export function usePublicLinks(): PublicLinks | null {
  const links = useQuery({
    queryKey: ['public', 'links'],
    queryFn: async ({ signal }) => {
      const { data } = await call(publicEndpoints.links, {}, { signal });
      return { publicUrl: data.publicUrl ?? window.location.origin, levyName: data.levyName };
    },
    staleTime: Infinity,
    retry: 1,
  });
  if (links.isError) return { publicUrl: window.location.origin, levyName: DEFAULT_LEVY_NAME };
  return links.data ?? null;
}

/**
 * What a printed check needs: the public links, the check's address made from them (null: nothing to
 * check, or the links not known yet) and its QR code.
 */
export function usePrintedCheck(checkUrlOf: (publicUrl: string) => string | null) {
  const links = usePublicLinks();
  const checkUrl = links ? checkUrlOf(links.publicUrl) : null;
  return { links, checkUrl, qr: useQrCode(checkUrl) };
}

/** A PNG data URL of the QR code of this text (null: not known yet), made in the browser. */
export function useQrCode(text: string | null): { dataUrl: string | null; error: string | null } {
  const [state, setState] = useState<{ dataUrl: string | null; error: string | null }>({ dataUrl: null, error: null });
  useEffect(() => {
    if (text === null) return undefined;
    let current = true;
    QRCode.toDataURL(text, QR_IMAGE_OPTIONS)
      .then((dataUrl) => current && setState({ dataUrl, error: null }))
      .catch((error: Error) => current && setState({ dataUrl: null, error: error.message }));
    return () => {
      current = false;
    };
  }, [text]);
  return state;
}

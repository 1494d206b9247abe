import { privacyEndpoints } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';

export const privacyKeys = { requests: (id: string) => ['privacy-requests', id] as const, archive: (id: string) => ['privacy-archive', id] as const };

export const fetchRequests = (id: string, signal?: AbortSignal) => call(privacyEndpoints.requests, { params: { id } }, { signal });
export const fetchArchive = (id: string, signal?: AbortSignal) => call(privacyEndpoints.archive, { params: { id } }, { signal });

/** Saves the archive as a JSON file (the person's copy of everything held). */
export async function downloadArchive(id: string, userCode: string): Promise<void> {
  const { data } = await fetchArchive(id);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `personal-data-${userCode}.json` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { TillCloseResponse } from '@eticket/contracts';
import { pngImage } from '../../../api/test/images.ts';

/** Today in Lagos (YYYY-MM-DD), the day the cash is lodged. */
const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

/** POST /api/field/till/close as the remitter: a blind count and a deposit with its slip's photo. */
export async function closeTill(request: APIRequestContext, token: string, counted: number) {
  const reply = await request.post('/api/field/till/close', {
    headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: {
      counted: String(counted),
      lodgementKind: 'deposit',
      bankName: 'first bank',
      tellerNo: 'TL-2611-0042',
      lodgedOn: lagosToday(),
      capturedAt: new Date().toISOString(),
      slip: { name: 'slip.png', mimeType: 'image/png', buffer: pngImage() },
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as TillCloseResponse;
}

/** POST /api/tills/closes/{id}/approve as staff who may (a remitter-manager, an admin). */
export async function approveClose(request: APIRequestContext, staffToken: string, closeId: string, reason?: string) {
  const reply = await request.post(`/api/tills/closes/${closeId}/approve`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: reason ? { reason } : {},
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

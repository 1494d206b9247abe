import { MESSAGES, payoutCreateRequest, type PayoutCreateRequest } from '@eticket/contracts';

export interface PayoutDraft {
  /** naira, as typed */
  amount: number | string;
  /** YYYY-MM-DD (Lagos) */
  date: string | null;
  reference: string;
}

/** The body of POST /api/stakeholders/{id}/payouts, checked as the server checks it. */
export function payoutBody(draft: PayoutDraft, today: string): { ok: true; body: PayoutCreateRequest } | { ok: false; message: string } {
  if (draft.amount === '' || !draft.date || !draft.reference.trim()) return { ok: false, message: MESSAGES.allFieldRequired };
  if (draft.date > today) return { ok: false, message: 'date must not be in the future' };
  const body = { amount: draft.amount, date: draft.date, reference: draft.reference.trim() };
  const parsed = payoutCreateRequest.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, message: parsed.error.issues[0].message };
}

import { LAGOS_TIME_ZONE, fieldErrorOf, tillCloseRequest, type LodgementKind, type TillCloseRequest } from '@eticket/contracts';
import { t } from '../../lib/i18n.ts';
import { closeLabel } from './closeWords.ts';

/** The blind count form as the remitter fills it. */
export interface CloseDraft {
  /** The cash counted, in naira as typed: also the amount lodged. */
  counted: string;
  kind: LodgementKind;
  bankName: string;
  tellerNo: string;
  transferReference: string;
  /** YYYY-MM-DD */
  lodgedOn: string;
  /** The photo of the deposit slip, scaled on the phone. */
  slip?: Blob;
}

/** Today in Lagos, YYYY-MM-DD. */
export function lagosToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function newDraft(now = new Date()): CloseDraft {
  return { counted: '', kind: 'deposit', bankName: '', tellerNo: '', transferReference: '', lodgedOn: lagosToday(now) };
}

/** The close's text fields as sent (multipart): only the chosen lodgement's. */
export function closeFields(draft: CloseDraft, capturedAt: string): TillCloseRequest {
  const lodgement =
    draft.kind === 'deposit' ? { bankName: draft.bankName.trim(), tellerNo: draft.tellerNo.trim() } : { transferReference: draft.transferReference.trim() };
  return { counted: draft.counted.trim(), lodgementKind: draft.kind, ...lodgement, lodgedOn: draft.lodgedOn, capturedAt };
}

/**
 * What stops the close being kept: the server's own checks (the contract's schema), and the phone's:
 * a deposit needs the slip's photo; a lodgement is not dated after today.
 */
export function closeProblems(draft: CloseDraft, now = new Date()): string[] {
  const parsed = tillCloseRequest.safeParse(closeFields(draft, now.toISOString()));
  const problems = (parsed.error?.issues ?? []).map((issue) => {
    const field = String(issue.path[0] ?? '');
    const label = closeLabel(field);
    return label ? fieldErrorOf(field, issue.message, label).message : issue.message;
  });
  if (draft.lodgedOn > lagosToday(now)) problems.push(t('close.futureDate'));
  if (draft.kind === 'deposit' && !draft.slip) problems.push(t('close.noSlip'));
  return [...new Set(problems)];
}

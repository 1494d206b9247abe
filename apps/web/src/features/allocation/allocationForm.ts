import {
  ACCOUNT_LOOKUP_MIN_LENGTH,
  ALLOCATION_PERCENT,
  MESSAGES,
  stakeholderCreateRequest,
  stakeholderUpdateRequest,
  type Bank,
  type StakeholderCreateRequest,
  type StakeholderUpdateRequest,
} from '@eticket/contracts';

/** What the allocation modal holds while it is filled in. */
export interface AllocationDraft {
  /** The partner union's id. */
  name: string | null;
  bankCode: string | null;
  accountNumber: string;
  /** As the account-name lookup answered (read-only in the modal). */
  accountName: string;
  percentage: number;
}

export const EMPTY_DRAFT: AllocationDraft = { name: null, bankCode: null, accountNumber: '', accountName: '', percentage: ALLOCATION_PERCENT.min };

/** An account number keeps its digits only, at most 10 (a NUBAN). */
export const accountDigits = (text: string) => text.replace(/\D/g, '').slice(0, 10);

/** Spec section 5: the lookup runs once a bank is chosen and the number is longer than 9 characters. */
export const lookupReady = (draft: Pick<AllocationDraft, 'bankCode' | 'accountNumber'>) =>
  !!draft.bankCode && draft.accountNumber.length >= ACCOUNT_LOOKUP_MIN_LENGTH;

type Checked<T> = { ok: true; body: T } | { ok: false; message: string };

/**
 * The body of POST /api/stakeholders, checked as the server checks it (the contract's schema):
 * every field filled in ('All field are required'), then the schema's own messages.
 */
export function createBody(draft: AllocationDraft, banks: readonly Bank[]): Checked<StakeholderCreateRequest> {
  if (!draft.name || !draft.bankCode || !draft.accountNumber || !draft.accountName) return { ok: false, message: MESSAGES.allFieldRequired };
  const bank = banks.find((one) => one.code === draft.bankCode);
  const body: StakeholderCreateRequest = {
    name: draft.name,
    bankCode: draft.bankCode,
    bankName: bank?.name,
    accountNumber: draft.accountNumber,
    accountName: draft.accountName,
    percentage: draft.percentage,
  };
  const parsed = stakeholderCreateRequest.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, message: parsed.error.issues[0].message };
}

/** The body of PATCH /api/stakeholders/{id}: the percentage only. */
export function updateBody(percentage: number): Checked<StakeholderUpdateRequest> {
  const parsed = stakeholderUpdateRequest.safeParse({ percentage });
  return parsed.success ? { ok: true, body: { percentage: parsed.data.percentage } } : { ok: false, message: parsed.error.issues[0].message };
}

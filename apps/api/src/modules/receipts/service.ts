import { can, parseReceiptNo, receiptKindOf, type PrincipalSource, type PrintableReceipt } from '@eticket/contracts';
import { toNaira } from '../../domain/money.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ReceiptsRepository } from './repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The console's printable receipts. */
export function createReceiptsService(deps: { repository: ReceiptsRepository }) {
  return {
    /**
     * A receipt by number, as typed (parseReceiptNo). A subscription payment's is for whoever reads
     * Transaction History ('transactions'); a penalty payment's for Penalty Payment History's readers
     * (the route admits only these). Unknown, malformed, failed, or not the caller's to read: 404.
     */
    async receipt(actor: PrincipalSource, no: string): Promise<PrintableReceipt> {
      const receiptNo = parseReceiptNo(no);
      const kind = receiptNo ? receiptKindOf(receiptNo) : null;
      if (!receiptNo || !kind || (kind === 'subscription' && !can(actor, 'transactions', 'read'))) throw notFound();
      const row = await deps.repository.receipt(receiptNo, kind);
      if (!row) throw notFound();
      return {
        receiptNo: row.receipt_no,
        kind,
        amount: toNaira(row.amount_kobo),
        modeOfPayment: row.mode_of_payment,
        bankName: row.bank_name,
        planName: row.plan_name,
        vehicleType: row.vehicle_type,
        plateNumber: row.plate_number,
        newExpiry: row.expires_after === null ? null : iso(row.expires_after),
        penaltyLeft: row.outstanding_after_kobo === null ? null : toNaira(row.outstanding_after_kobo),
        motorist: { fullName: row.motorist_name, userCode: row.motorist_code },
        agent: { fullName: row.agent_name, userCode: row.agent_code },
        paidAt: iso(row.created_at),
      };
    },
  };
}

// How scans and payments read in the API's replies; the field calls answer payments the same way.
import type { PaymentRecord, ScanRecord } from '@eticket/contracts';
import { toNaira } from '../../domain/money.ts';
import type { PaymentRow, ScanRow } from './repository.ts';

const ref = (person: { id: string; fullName: string; userCode: string }) => ({
  _id: person.id,
  id: person.id,
  fullName: person.fullName,
  userCode: person.userCode,
});

export function toScanRecord(row: ScanRow): ScanRecord {
  return {
    _id: row.id,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    agentId: { _id: row.agent.id, userID: ref(row.agent) },
    kyc: { _id: row.motorist.id, userID: ref(row.motorist) },
    vehicle: { vehicleType: row.vehicleType, plateNumber: row.plateNumber },
    ticketSubscription: {
      subscriptionStatus: row.subscriptionStatus,
      subscriptionExpiryDate: row.expiresAt.toISOString(),
      outstandingPayment: toNaira(row.outstandingKobo),
    },
    penaltyAdded: toNaira(row.penaltyAddedKobo),
  };
}

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    _id: row.id,
    id: row.id,
    receiptNo: row.receiptNo,
    bankName: row.bankName,
    modeOfPayment: row.modeOfPayment,
    reference: row.reference,
    motorist: { _id: row.motorist.id, uniqueId: row.motorist.userCode, fullName: row.motorist.fullName },
    subscription: { _id: row.planId, name: row.planName, vehicleType: row.vehicleType },
    amount: toNaira(row.amountKobo),
    status: row.status,
    addedBy: ref(row.remitter),
    createdAt: row.createdAt.toISOString(),
  };
}

import { personName, type PaymentRecord } from '@eticket/contracts';
import type { Column } from './DataTable/index.ts';
import { NoWrap } from './NoWrap.tsx';
import { NOT_AVAILABLE, formatDateTime, formatNaira } from '../lib/format.ts';
import { ReceiptNumber, SecondLine, TableDateTime, WrappingText } from './TableText.tsx';
import { PaymentStatusBadge } from './PaymentStatusBadge.tsx';
import { modeOfPaymentLabel } from '../lib/paymentStatus.ts';

/**
 * The columns of Transaction History and Penalty Payment History (spec): Bank Name, Mode Of Payment
 * (with a non-cash payment's reference under it, issue 42; its own column in the CSV), Unique ID, Plan Type, the amount (headed `amountHeader`), Vehicle Type, Status, Remitted By, Created At; then Receipt No (issue 23).
 * Names wrap and the date may break before its time, so at 1366 px every column is in view beside the
 * sticky Actions (issue 48).
 */
export function paymentColumns(amountHeader: 'Price' | 'Amount'): Column<PaymentRecord>[] {
  return [
    { header: 'Bank Name', value: (row) => row.bankName ?? NOT_AVAILABLE, cell: (row) => <WrappingText>{row.bankName ?? NOT_AVAILABLE}</WrappingText> },
    {
      header: 'Mode Of Payment',
      download: ['Mode Of Payment', 'Reference'],
      value: (row) => row.modeOfPayment,
      cell: (row) => (
        <>
          {modeOfPaymentLabel(row.modeOfPayment)}
          {row.reference && (
            <>
              {' '}
              <SecondLine>{row.reference}</SecondLine>
            </>
          )}
        </>
      ),
    },
    { header: 'Unique ID', value: (row) => row.motorist.uniqueId },
    { header: 'Plan Type', value: (row) => row.subscription.name ?? NOT_AVAILABLE },
    {
      header: amountHeader,
      value: (row) => row.amount,
      cell: (row) => <NoWrap numeric>{formatNaira(row.amount)}</NoWrap>,
    },
    { header: 'Vehicle Type', value: (row) => row.subscription.vehicleType },
    { header: 'Status', value: (row) => row.status, cell: (row) => <PaymentStatusBadge status={row.status} /> },
    { header: 'Remitted By', value: (row) => personName(row.addedBy.fullName), cell: (row) => <WrappingText>{personName(row.addedBy.fullName)}</WrappingText> },
    { header: 'Created At', value: (row) => row.createdAt, cell: (row) => <TableDateTime value={row.createdAt} /> },
    { header: 'Receipt No', value: (row) => row.receiptNo, cell: (row) => <ReceiptNumber receiptNo={row.receiptNo} /> },
  ];
}

export const paymentRowKey = (row: PaymentRecord) => row.id;
export const paymentRowLabel = (row: PaymentRecord) => `payment by ${row.motorist.uniqueId} on ${formatDateTime(row.createdAt)}`;

/** What the payment search matches: a receipt number, a motorist's or remitter's name or Unique ID, a plate, else a plan, vehicle type or mode exactly. */
export const PAYMENT_SEARCH_PLACEHOLDER = 'Search receipt, name, Unique ID, plate';

import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { noReceiptReason, type PaymentRecord } from '@eticket/contracts';

/** A payment list row's Print receipt: opens receipt/{receiptNo}; disabled, saying why, for a payment without one. */
export function PrintReceiptAction({ payment }: { payment: PaymentRecord }) {
  const reason = noReceiptReason(payment);
  if (reason) {
    return (
      <Tooltip label={reason}>
        <span>
          <ActionIcon variant="subtle" disabled aria-label={`Print receipt: ${reason}`}>
            <IconPrinter size={18} aria-hidden />
          </ActionIcon>
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip label="Print receipt">
      <ActionIcon component={Link} to={`/receipt/${encodeURIComponent(payment.receiptNo)}`} variant="subtle" aria-label={`Print receipt ${payment.receiptNo}`}>
        <IconPrinter size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

import { PageHeader } from '../../components/PageHeader.tsx';
import { PaymentList } from '../../components/PaymentList/index.ts';
import { transactionKeys } from './queries.ts';

/** Transaction History: the subscription payments remitters recorded. */
export function TransactionsPage() {
  return (
    <>
      <PageHeader title="Transaction History" description="Subscription payments recorded by remitters, newest first." />
      <PaymentList label="Transaction History" kind="subscription" queryKey={transactionKeys.list} />
    </>
  );
}

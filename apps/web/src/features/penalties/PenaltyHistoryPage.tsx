import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { paymentCsvColumns, type Paginated, type PaymentRecord } from '@eticket/contracts';
import { Link } from 'react-router';
import { DataTable, type FetchPage, type TableDownload } from '../../components/DataTable/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api } from '../../lib/api.ts';
import { PAYMENT_SEARCH_PLACEHOLDER, paymentColumns, paymentRowKey, paymentRowLabel } from '../../components/paymentColumns.tsx';
import { penaltyKeys } from './queries.ts';

const COLUMNS = paymentColumns('Amount');
const DOWNLOAD: TableDownload<PaymentRecord> = { path: '/api/penalty-history', columns: paymentCsvColumns('Amount') };

/** GET /api/penalty-history: penalty payments, newest first. */
const fetchPenaltyPayments: FetchPage<PaymentRecord> = ({ page, limit, search, startDate, endDate }, signal) =>
  api.get<Paginated<PaymentRecord>>('/api/penalty-history', { query: { page, limit, search, startDate, endDate }, signal });

/** 'Penalty Payment History', with a link back to the penalty charges. */
export function PenaltyHistoryPage() {
  return (
    <>
      <PageHeader
        title="Penalty Payment History"
        description="Penalty payments recorded by remitters, newest first."
        actions={
          <Button component={Link} to="/penalty" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Penalty Charges
          </Button>
        }
      />
      <DataTable
        label="Penalty Payment History"
        queryKey={penaltyKeys.history}
        fetchPage={fetchPenaltyPayments}
        columns={COLUMNS}
        download={DOWNLOAD}
        rowKey={paymentRowKey}
        rowLabel={paymentRowLabel}
        statusFilter={false}
        activityFilter={false}
        searchPlaceholder={PAYMENT_SEARCH_PLACEHOLDER}
      />
    </>
  );
}

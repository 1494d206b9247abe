import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PaymentList } from '../../components/PaymentList/index.ts';
import { penaltyKeys } from './queries.ts';

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
      <PaymentList label="Penalty Payment History" kind="penalty" queryKey={penaltyKeys.history} />
    </>
  );
}

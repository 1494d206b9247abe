import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';

// Filled in by a later issue; until then the route exists and shows its heading.
export function PenaltyHistoryPage() {
  return (
    <PageHeader
      title="Penalty Payment History"
      actions={
        <Anchor component={Link} to="/penalty">
          Penalty Charges
        </Anchor>
      }
    />
  );
}

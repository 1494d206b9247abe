import { PageHeader } from '../../components/PageHeader.tsx';

// Filled in by a later issue; until then the route exists and shows its heading.
export function SubscriptionsPage() {
  return <PageHeader title="Subscriptions" />;
}

import { PageHeader } from '../../components/PageHeader.tsx';
import { useSignedInUser } from '../../lib/useSession.ts';
import { dashboardKindOf, type DashboardKind } from './dashboardKind.ts';

const HEADINGS: Record<Exclude<DashboardKind, 'union'>, { title: string; description?: string }> = {
  admin: { title: 'Welcome Admin', description: "Here's an overview of today's activities" },
  registrar: { title: 'Registrar Dashboard', description: 'Motorist registrations at a glance' },
  enforcer: { title: 'Enforcer Dashboard', description: 'Enforcement at a glance' },
  remitter: { title: 'Remitter Dashboard', description: 'Collections at a glance' },
  general: { title: 'Dashboard', description: "Here's an overview of today's activities" },
};

// The figures, charts and union tabs come with the dashboard issue; this is the role's heading.
export function DashboardPage() {
  const user = useSignedInUser();
  const kind = dashboardKindOf(user);
  if (kind === 'union') return <PageHeader title={`Allocations to ${user.unionName ?? 'your union'}`} />;
  return <PageHeader {...HEADINGS[kind]} />;
}

import '@mantine/charts/styles.css';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconBuildingCommunity } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useSignedInUser } from '../../lib/useSession.ts';
import { AdminDashboard } from './AdminDashboard.tsx';
import { dashboardKindOf } from './dashboardKind.ts';
import { EnforcerDashboard } from './EnforcerDashboard.tsx';
import { GeneralDashboard } from './GeneralDashboard.tsx';
import { RegistrarDashboard } from './RegistrarDashboard.tsx';
import { RemitterDashboard } from './RemitterDashboard.tsx';
import { UnionDashboard } from './UnionDashboard.tsx';

/** The dashboard for the signed-in user's role and department (spec section 2). */
export function DashboardPage() {
  const user = useSignedInUser();
  switch (dashboardKindOf(user)) {
    case 'admin':
      return user.role === 'super-admin' ? <SuperAdminDashboard /> : <AdminDashboard />;
    case 'registrar':
      return <RegistrarDashboard />;
    case 'enforcer':
      return <EnforcerDashboard />;
    case 'remitter':
      return <RemitterDashboard />;
    case 'union':
      return <UnionDashboard />;
    default:
      return <GeneralDashboard />;
  }
}

/** Super-admin sees the admin overview, and the union dashboard with its tabs across unions (?view=unions). */
function SuperAdminDashboard() {
  const [params] = useSearchParams();
  if (params.get('view') === 'unions') {
    return (
      <UnionDashboard
        extraActions={
          <Button component={Link} to="/" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Overview
          </Button>
        }
      />
    );
  }
  return (
    <AdminDashboard
      extraActions={
        <Button component={Link} to="/?view=unions" variant="light" leftSection={<IconBuildingCommunity size={16} aria-hidden />}>
          Union dashboards
        </Button>
      }
    />
  );
}

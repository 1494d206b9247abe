import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, type Capability } from '@eticket/contracts';
import { useSignedInUser } from '../../../lib/useSession.ts';

/** 'View New …': the new-person page, for those who may register that kind. */
export function ViewNewLink({ to, label, capability }: { to: string; label: string; capability: Capability }) {
  const user = useSignedInUser();
  if (!can(user, capability, 'write')) return null;
  return (
    <Button component={Link} to={to} leftSection={<IconUserPlus size={16} aria-hidden />}>
      {label}
    </Button>
  );
}

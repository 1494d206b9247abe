import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '@eticket/contracts';
import { SectionCard } from '../SectionCard.tsx';
import { useSignedInUser } from '../../lib/useSession.ts';
import { FlagTable } from './FlagTable.tsx';

/** An agent's flags on their details page (issue 44), for those who may read flags. */
export function AgentFlags({ agentId }: { agentId: string }) {
  const viewer = useSignedInUser();
  if (!can(viewer, 'flags', 'read')) return null;
  return (
    <SectionCard
      title="Flags"
      description="This agent's field activity a rule found impossible or suspicious"
      actions={
        <Anchor component={Link} to={`/flags?agent=${agentId}&status=`}>
          Open in the Flags queue
        </Anchor>
      }
    >
      <FlagTable label="This agent's flags" filters={{ agent: agentId }} mayReview={can(viewer, 'flags', 'write')} />
    </SectionCard>
  );
}

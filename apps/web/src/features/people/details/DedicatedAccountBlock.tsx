import { Alert, Button, SimpleGrid, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { can } from '@eticket/contracts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { DetailItem, DetailSection } from './DetailSection.tsx';
import { useAssignDedicatedAccount, useDedicatedAccount } from './dedicatedAccount.ts';

/**
 * A motorist's own bank account for the levy (issue 43): its number and bank once the provider made
 * it; Assign account asks for it now. Nothing when the levy has no dedicated accounts.
 */
export function DedicatedAccountBlock({ userId, approved }: { userId: string; approved: boolean }) {
  const viewer = useSignedInUser();
  const account = useDedicatedAccount(userId);
  const assign = useAssignDedicatedAccount(userId);
  if (!account.data?.enabled) return null;
  const data = account.data.data;
  const mayAssign = can(viewer, 'motorists', 'write') && approved && data?.status !== 'assigned';
  return (
    <DetailSection
      title="Bank account for the levy"
      actions={
        mayAssign ? (
          <Button variant="light" leftSection={<IconBuildingBank size={16} aria-hidden />} loading={assign.isPending} onClick={() => assign.mutate()}>
            Assign account
          </Button>
        ) : undefined
      }
    >
      {data?.status === 'assigned' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DetailItem label="Account number" value={data.accountNumber} />
          <DetailItem label="Bank" value={data.bankName} />
          <DetailItem label="Account name" value={data.accountName} />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {data === null
            ? 'No account yet.'
            : data.status === 'failed'
              ? `Not made yet: ${data.failure ?? 'the provider refused'}. It is tried again.`
              : 'Asked for; the provider makes it shortly.'}
        </Text>
      )}
      {assign.isError && (
        <Alert color="red" role="alert">
          {assign.error.message}
        </Alert>
      )}
    </DetailSection>
  );
}

import type { ReactNode } from 'react';
import { Avatar, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { personName, type PersonByCode } from '@eticket/contracts';
import { formatNaira, formatShortDate } from '../../lib/format.ts';
import { SubscriptionStatusBadge } from '../../components/SubscriptionStatusBadge.tsx';
import { AlterPenaltyForm } from './AlterPenaltyForm.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** The person found: who it is and, for a motorist, the outstanding penalty and the form to alter it. */
export function MotoristPenaltyResult({ person, onError }: { person: PersonByCode; onError: (message: string | null) => void }) {
  const subscription = person.ticketSubscription;
  return (
    <Paper withBorder radius="md" p="lg" aria-label={`Motorist ${personName(person.fullName)}`} component="section">
      <Stack gap="md">
        <Group gap="md">
          <Avatar name={person.fullName} color="initials" radius="xl" />
          <Stack gap={0}>
            <Text fw={700}>{personName(person.fullName)}</Text>
            <Text size="sm" c="dimmed">
              Unique ID {person.userCode} · {person.role} · {person.phone}
            </Text>
          </Stack>
        </Group>
        <Divider />
        {subscription ? (
          <>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Fact label="Outstanding penalty">
                <Text component="span" fz="xl" fw={700} c={subscription.outstandingPayment > 0 ? 'red.8' : undefined}>
                  {formatNaira(subscription.outstandingPayment)}
                </Text>
              </Fact>
              <Fact label="Subscription">
                <SubscriptionStatusBadge status={subscription.subscriptionStatus} />
              </Fact>
              <Fact label="Plan">{subscription.subscription ? `${subscription.subscription.name} (${subscription.subscription.vehicleType})` : '***'}</Fact>
              <Fact label="Expiry date">{formatShortDate(subscription.subscriptionExpiryDate)}</Fact>
            </SimpleGrid>
            <AlterPenaltyForm userCode={person.userCode} subscription={subscription} onError={onError} />
          </>
        ) : (
          <Text c="dimmed">This person has no ticket subscription, so there is no penalty to alter.</Text>
        )}
      </Stack>
    </Paper>
  );
}

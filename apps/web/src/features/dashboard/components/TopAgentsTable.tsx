import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { MESSAGES, personName, type TopAgent } from '@eticket/contracts';
import { formatCount, formatNaira } from '../../../lib/format.ts';

const METRIC_LABEL: Record<TopAgent['metric'], (value: number) => string> = {
  amountCollected: (value) => `${formatNaira(value)} collected`,
  scans: (value) => `${formatCount(value)} ${value === 1 ? 'scan' : 'scans'}`,
  registrations: (value) => `${formatCount(value)} ${value === 1 ? 'registration' : 'registrations'}`,
};

const ROLE_COLOR: Record<TopAgent['role'], string> = { remitter: 'teal', enforcer: 'blue', registrar: 'grape' };

const COLUMNS = ['Rank', 'Agent', 'Phone', 'Role', 'Performance'];

/** Agents ranked within their role (remitters by naira collected, enforcers by scans, registrars by registrations). */
export function TopAgentsTable({ agents, loading, caption }: { agents: TopAgent[] | undefined; loading: boolean; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={loading} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{loading && !agents ? <SkeletonRows /> : <AgentRows agents={agents ?? []} />}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AgentRows({ agents }: { agents: TopAgent[] }) {
  if (agents.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS.length}>
          <Text c="dimmed" ta="center" py="md">
            {MESSAGES.noData}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return agents.map((agent) => (
    <Table.Tr key={`${agent.role}-${agent.id}`}>
      <Table.Td>
        <Badge variant={agent.rank === 1 ? 'filled' : 'light'} color={agent.rank === 1 ? 'yellow' : 'gray'} radius="xl" miw={24} px={6}>
          {agent.rank}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} lh={1.3}>
          {personName(agent.fullName)}
        </Text>
        <Text size="xs" c="dimmed">
          {agent.email}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{agent.phone}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={ROLE_COLOR[agent.role]} miw="max-content">
          {agent.role}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{METRIC_LABEL[agent.metric](agent.value)}</Table.Td>
    </Table.Tr>
  ));
}

function SkeletonRows() {
  return Array.from({ length: 3 }, (_, row) => (
    <Table.Tr key={row}>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton h={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

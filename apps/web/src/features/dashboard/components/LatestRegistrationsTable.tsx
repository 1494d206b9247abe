import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES, personName, printedPlate, type RegisteredMotorist } from '@eticket/contracts';
import { NoWrap } from '../../../components/NoWrap.tsx';
import { formatTableDateTime, NOT_AVAILABLE } from '../../../lib/format.ts';

const COLUMNS = ['Full Name', 'Unique ID', 'Plate Number', 'Vehicle Type', 'Status', 'Registered'];
const STATUS: Record<RegisteredMotorist['registrationStatus'], { label: string; color: string }> = {
  approved: { label: 'Approved', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  suspended: { label: 'Suspended', color: 'red' },
};

/** A registrar's own latest registrations in the range, newest first, each opening the motorist's details. */
export function LatestRegistrationsTable({ motorists, caption }: { motorists: RegisteredMotorist[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {motorists.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  {MESSAGES.noData}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            motorists.map((motorist) => (
              <Table.Tr key={motorist._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/${motorist._id}/details`} fw={500}>
                    {personName(motorist.fullName)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{motorist.userCode}</Table.Td>
                <Table.Td>
                  <NoWrap>{motorist.plateNumber ? printedPlate(motorist.plateNumber) : NOT_AVAILABLE}</NoWrap>
                </Table.Td>
                <Table.Td>{motorist.vehicleType ?? NOT_AVAILABLE}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS[motorist.registrationStatus].color}>
                    {STATUS[motorist.registrationStatus].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <NoWrap>{formatTableDateTime(motorist.createdAt)}</NoWrap>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

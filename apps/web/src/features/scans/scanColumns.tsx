import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { personName, printedPlate, type ScanRecord } from '@eticket/contracts';
import type { Column } from '../../components/DataTable/index.ts';
import { NoWrap } from '../../components/NoWrap.tsx';
import { formatDateTime, formatNaira, formatTableDateTime, NOT_AVAILABLE } from '../../lib/format.ts';
import { SubscriptionStatusBadge } from '../../components/SubscriptionStatusBadge.tsx';

/** Scan Record columns (spec), with the subscription as it stood at the scan. */
export const SCAN_COLUMNS: Column<ScanRecord>[] = [
  { header: 'Vehicle Type', value: (row) => row.vehicle.vehicleType },
  {
    header: 'Subscription Status',
    value: (row) => row.ticketSubscription.subscriptionStatus,
    cell: (row) => <SubscriptionStatusBadge status={row.ticketSubscription.subscriptionStatus} />,
  },
  {
    header: 'Motorist Unique ID',
    value: (row) => row.kyc.userID.userCode,
    // The motorist's details page, where their history is.
    cell: (row) => (
      <Anchor component={Link} to={`/${row.kyc._id}/details`} title={`Details of ${personName(row.kyc.userID.fullName)}`}>
        {row.kyc.userID.userCode}
      </Anchor>
    ),
  },
  {
    header: 'Plate Number',
    value: (row) => row.vehicle.plateNumber,
    cell: (row) => <NoWrap>{row.vehicle.plateNumber ? printedPlate(row.vehicle.plateNumber) : NOT_AVAILABLE}</NoWrap>,
  },
  {
    header: 'Subscription Expiry Date',
    value: (row) => row.ticketSubscription.subscriptionExpiryDate,
    cell: (row) => <NoWrap>{formatTableDateTime(row.ticketSubscription.subscriptionExpiryDate)}</NoWrap>,
  },
  {
    header: 'Outstanding Payment (naira)',
    value: (row) => row.ticketSubscription.outstandingPayment,
    cell: (row) => (
      <NoWrap numeric c={row.ticketSubscription.outstandingPayment > 0 ? 'red.8' : undefined}>
        {formatNaira(row.ticketSubscription.outstandingPayment)}
      </NoWrap>
    ),
  },
  { header: 'Scanned By', value: (row) => personName(row.agentId.userID.fullName) },
  { header: 'Scanned Date', value: (row) => row.createdAt, cell: (row) => <NoWrap>{formatTableDateTime(row.createdAt)}</NoWrap> },
];

export const scanRowKey = (row: ScanRecord) => row.id;
export const scanRowLabel = (row: ScanRecord) => `scan of ${row.kyc.userID.userCode} on ${formatDateTime(row.createdAt)}`;

/** What the scan search matches: a motorist's or enforcer's name or Unique ID, a plate, else a vehicle type or status exactly. */
export const SCAN_SEARCH_PLACEHOLDER = 'Search name, Unique ID, plate, status';

import { Badge, Text } from '@mantine/core';
import { lodgementText, NOT_AVAILABLE, personName, TILL_CLOSE_STATUS_LABELS, type OpenTill, type TillClose, type TillCloseStatus } from '@eticket/contracts';
import type { Column } from '../../components/DataTable/index.ts';
import { NoWrap } from '../../components/NoWrap.tsx';
import { TableDateTime, WrappingText } from '../../components/TableText.tsx';
import { formatCount, formatNaira } from '../../lib/format.ts';
import { varianceText } from './decision.ts';

const STATUS_COLORS: Record<TillCloseStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

const remitterColumns = <Row extends { remitter: { fullName: string; userCode: string } }>(): Column<Row>[] => [
  { header: 'Remitter', value: (row) => personName(row.remitter.fullName), cell: (row) => <WrappingText>{personName(row.remitter.fullName)}</WrappingText> },
  { header: 'Unique ID', value: (row) => row.remitter.userCode },
];

const money = (value: number) => <NoWrap numeric>{formatNaira(value)}</NoWrap>;

/** Open tills: the headers of OPEN_TILL_CSV_COLUMNS. */
export const OPEN_TILL_COLUMNS: Column<OpenTill>[] = [
  ...remitterColumns<OpenTill>(),
  { header: 'Opened At', value: (row) => row.openedAt, cell: (row) => <TableDateTime value={row.openedAt} /> },
  { header: 'Expected (naira)', value: (row) => row.expected, cell: (row) => money(row.expected) },
  { header: 'Collections', value: (row) => row.collections, cell: (row) => <NoWrap numeric>{formatCount(row.collections)}</NoWrap> },
  {
    header: 'Late',
    value: (row) => row.lateCollections,
    cell: (row) => (
      <Text span inherit c={row.lateCollections > 0 ? 'orange.8' : undefined} fw={row.lateCollections > 0 ? 600 : undefined}>
        {formatCount(row.lateCollections)}
      </Text>
    ),
  },
  {
    header: 'Last Collection',
    value: (row) => row.lastCollectionAt ?? NOT_AVAILABLE,
    cell: (row) => (row.lastCollectionAt ? <TableDateTime value={row.lastCollectionAt} /> : NOT_AVAILABLE),
  },
  { header: 'Age (hours)', value: (row) => row.ageHours, cell: (row) => <NoWrap numeric>{formatCount(row.ageHours)}</NoWrap> },
  {
    header: 'Over Limit',
    value: (row) => (row.overLimit ? 'yes' : 'no'),
    cell: (row) =>
      row.overLimit ? (
        <Badge color="red" variant="light">
          Over limit
        </Badge>
      ) : (
        'No'
      ),
  },
];

/** Closes: the headers of TILL_CLOSE_CSV_COLUMNS. */
export const CLOSE_COLUMNS: Column<TillClose>[] = [
  ...remitterColumns<TillClose>(),
  { header: 'Submitted At', value: (row) => row.submittedAt, cell: (row) => <TableDateTime value={row.submittedAt} /> },
  {
    header: 'Status',
    value: (row) => TILL_CLOSE_STATUS_LABELS[row.status],
    cell: (row) => (
      <Badge color={STATUS_COLORS[row.status]} variant="light" style={{ whiteSpace: 'normal', height: 'auto' }}>
        {TILL_CLOSE_STATUS_LABELS[row.status]}
      </Badge>
    ),
  },
  { header: 'Counted (naira)', value: (row) => row.counted, cell: (row) => money(row.counted) },
  { header: 'Expected (naira)', value: (row) => row.expected, cell: (row) => money(row.expected) },
  {
    header: 'Variance (naira)',
    value: (row) => row.variance,
    cell: (row) => (
      <Text span inherit c={row.variance < 0 ? 'red.8' : row.variance > 0 ? 'teal.8' : undefined} fw={row.variance !== 0 ? 600 : undefined}>
        <NoWrap numeric>{row.variance === 0 ? formatNaira(0) : varianceText(row.variance)}</NoWrap>
      </Text>
    ),
  },
  { header: 'Lodgement', value: (row) => lodgementText(row.lodgement), cell: (row) => <WrappingText>{lodgementText(row.lodgement)}</WrappingText> },
  { header: 'Lodged On', value: (row) => row.lodgement.lodgedOn, cell: (row) => <NoWrap>{row.lodgement.lodgedOn}</NoWrap> },
  {
    header: 'Decided By',
    value: (row) => personName(row.decidedBy?.fullName) ?? NOT_AVAILABLE,
    cell: (row) => <WrappingText>{personName(row.decidedBy?.fullName) ?? NOT_AVAILABLE}</WrappingText>,
  },
  { header: 'Reason', value: (row) => row.reason ?? NOT_AVAILABLE, cell: (row) => <WrappingText>{row.reason ?? NOT_AVAILABLE}</WrappingText> },
];

export const openTillKey = (row: OpenTill) => row.id;
export const closeKey = (row: TillClose) => row.id;
export const closeLabel = (row: TillClose) => `close by ${personName(row.remitter.fullName)}`;
export const openTillLabel = (row: OpenTill) => `till of ${personName(row.remitter.fullName)}`;

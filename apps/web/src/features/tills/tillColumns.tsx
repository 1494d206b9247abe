import { Text } from '@mantine/core';
import { lodgementText, NOT_AVAILABLE, personName, TILL_CLOSE_STATUS_LABELS, type OpenTill, type TillClose, type TillCloseStatus } from '@eticket/contracts';
import type { Column } from '../../components/DataTable/index.ts';
import { NoWrap } from '../../components/NoWrap.tsx';
import { SecondLine, TableDateTime, WrappingText } from '../../components/TableText.tsx';
import { formatCount, formatNaira } from '../../lib/format.ts';
import { varianceText } from './decision.ts';

const STATUS_COLORS: Record<TillCloseStatus, string> = { pending: 'yellow.9', approved: 'green.8', rejected: 'red.8' };

/** The remitter's name, their Unique ID under it (two columns of the download). */
const remitterColumn = <Row extends { remitter: { fullName: string; userCode: string } }>(): Column<Row> => ({
  header: 'Remitter',
  download: ['Remitter', 'Unique ID'],
  value: (row) => personName(row.remitter.fullName),
  cell: (row) => (
    <>
      <WrappingText>{personName(row.remitter.fullName)}</WrappingText>
      <SecondLine>{row.remitter.userCode}</SecondLine>
    </>
  ),
});

const money = (value: number) => <NoWrap numeric>{formatNaira(value)}</NoWrap>;

/** Open tills: the columns of OPEN_TILL_CSV_COLUMNS. */
export const OPEN_TILL_COLUMNS: Column<OpenTill>[] = [
  remitterColumn<OpenTill>(),
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
        <Text span inherit c="red.8" fw={600}>
          Over limit
        </Text>
      ) : (
        'No'
      ),
  },
];

/** Closes: the columns of TILL_CLOSE_CSV_COLUMNS, the lodgement with its day and the decision in one cell each. */
export const CLOSE_COLUMNS: Column<TillClose>[] = [
  remitterColumn<TillClose>(),
  { header: 'Submitted At', value: (row) => row.submittedAt, cell: (row) => <TableDateTime value={row.submittedAt} /> },
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
  {
    header: 'Lodgement',
    download: ['Lodgement', 'Lodged On'],
    value: (row) => lodgementText(row.lodgement),
    cell: (row) => (
      <>
        <WrappingText>{lodgementText(row.lodgement)}</WrappingText>
        <Text span display="block" fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Lodged {row.lodgement.lodgedOn}
        </Text>
      </>
    ),
  },
  {
    header: 'Decision',
    download: ['Status', 'Decided By', 'Reason'],
    value: (row) => TILL_CLOSE_STATUS_LABELS[row.status],
    cell: (row) => (
      <WrappingText>
        <Text span inherit c={STATUS_COLORS[row.status]} fw={600}>
          {TILL_CLOSE_STATUS_LABELS[row.status]}
        </Text>
        {row.decidedBy && ` by ${personName(row.decidedBy.fullName)}`}
        {row.reason && (
          <Text span display="block" fz="xs" c="dimmed">
            {row.reason}
          </Text>
        )}
      </WrappingText>
    ),
  },
];

export const openTillKey = (row: OpenTill) => row.id;
export const closeKey = (row: TillClose) => row.id;
export const closeLabel = (row: TillClose) => `close by ${personName(row.remitter.fullName)}`;
export const openTillLabel = (row: OpenTill) => `till of ${personName(row.remitter.fullName)}`;

import { useId, useState } from 'react';
import { Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LedgerReport, LedgerReportPeriod } from '@eticket/contracts';
import { LoadError } from '../../components/LoadError.tsx';
import { Money } from '../../components/Money.tsx';
import { CALENDAR_ARIA_LABELS } from '../../components/rangePicking.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { lagosDay } from '../../lib/dayRange.ts';
import { formatNaira } from '../../lib/format.ts';
import { monthOf, periodLabel, switchTo, thisMonth, type ReportPeriod } from './period.ts';
import { useReport } from './queries.ts';
import { isEmptyReport, reportColumns } from './reportColumns.ts';

/** The Books report of a Lagos day or month: the period's money in figures, and each account from opening to closing. */
export function ReportCard() {
  const [period, setPeriod] = useState<ReportPeriod>(() => thisMonth());
  const query = useReport(period);
  const actions = (
    <Group gap="sm" align="flex-end">
      <PeriodPicker value={period} onChange={setPeriod} />
      <Button component={Link} to={`/books/statement/${monthOf(period)}`} variant="default" leftSection={<IconPrinter size={16} aria-hidden />}>
        Print month statement
      </Button>
    </Group>
  );
  return (
    <SectionCard
      title="Report"
      description={`${periodLabel(period)}, in Lagos days. Amounts are debits − credits: money into tills, the bank and clearing accounts is positive, revenue and payables below zero; each column totals zero when the books balance.`}
      actions={actions}
    >
      {query.isError ? (
        <LoadError title="Could not load the report" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Stack gap="md" aria-busy={query.isFetching}>
          {query.data ? <Summary report={query.data} /> : <Skeleton h={60} />}
          {query.data && isEmptyReport(query.data) ? (
            <Text c="dimmed" ta="center" py="lg">
              No money moved in {periodLabel(period)}, and no account held any before it.
            </Text>
          ) : (
            <ReportTable report={query.data} />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

function PeriodPicker({ value, onChange }: { value: ReportPeriod; onChange: (next: ReportPeriod) => void }) {
  const labelId = useId();
  const today = lagosDay();
  return (
    <Group gap="sm" align="flex-end">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          Period
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={value.period}
          onChange={(kind) => onChange(switchTo(kind as LedgerReportPeriod, value))}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'month', label: 'Month' },
          ]}
        />
      </Stack>
      {value.period === 'day' ? (
        <DatePickerInput
          label="Day"
          value={value.date}
          onChange={(date) => date && onChange({ period: 'day', date: date.slice(0, 10) })}
          maxDate={today}
          valueFormat="D MMM YYYY"
          ariaLabels={CALENDAR_ARIA_LABELS}
          w={150}
        />
      ) : (
        <MonthPickerInput
          label="Month"
          value={`${value.date}-01`}
          onChange={(date) => date && onChange({ period: 'month', date: date.slice(0, 7) })}
          maxDate={today}
          valueFormat="MMMM YYYY"
          ariaLabels={CALENDAR_ARIA_LABELS}
          w={150}
        />
      )}
    </Group>
  );
}

function Figure({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        <Money value={value} />
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

function Summary({ report }: { report: LedgerReport }) {
  const { summary } = report;
  const modes = summary.collectedByMode;
  const byMode = `Cash ${formatNaira(modes.cash)} · Transfer ${formatNaira(modes.transfer)} · POS ${formatNaira(modes.pos)} · Card ${formatNaira(modes.card)}${modes.online ? ` · Online ${formatNaira(modes.online)}` : ''}`;
  return (
    <SimpleGrid cols={{ base: 2, md: 6 }} spacing="md" role="group" aria-label="Period figures">
      <Figure label="Collected" value={summary.collected} detail={byMode} />
      <Figure label="Lodged" value={summary.lodged} />
      <Figure label="Shortages" value={summary.shortages} />
      <Figure label="Overages" value={summary.overages} />
      <Figure label="Paid out" value={summary.paidOut} />
      <Figure label="Reversed" value={summary.reversed} />
    </SimpleGrid>
  );
}

function ReportTable({ report }: { report: LedgerReport | undefined }) {
  const columns = reportColumns(report);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" aria-label="Accounts in the period">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} ta="right">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report
            ? report.rows.map((row) => (
                <Table.Tr key={row.account}>
                  <Table.Td>{row.name}</Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta="right" fw={column.key === 'closing' ? 600 : undefined}>
                      <Money value={row[column.key]} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : Array.from({ length: 4 }, (_, index) => (
                <Table.Tr key={index}>
                  {[{ key: 'account' }, ...columns].map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton h={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
        {report && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Totals</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} ta="right">
                  <Money value={report.totals[column.key]} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

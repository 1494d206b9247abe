import { Tabs } from '@mantine/core';
import { can, penaltyEndpoints, recordEndpoints } from '@eticket/contracts';
import type { ReactNode } from 'react';
import { call } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { DetailSection } from './DetailSection.tsx';
import { HISTORY_PAGE_SIZE, HistoryList } from './HistoryList.tsx';
import { HISTORY_SCAN_COLUMNS, PENALTY_CHANGE_COLUMNS, historyPaymentColumns } from './historyColumns.tsx';

const rowId = (row: { id: string }) => row.id;
const historyKey = (motoristId: string, list: string) => ['people', 'history', motoristId, list] as const;

/** One page of a record list, of this motorist only (the lists' motorist filter). */
const historyPage = (motorist: string, page: number) => ({ query: { motorist, page, limit: HISTORY_PAGE_SIZE } });

interface HistoryTab {
  value: string;
  label: string;
  list: ReactNode;
}

function tabsFor(motoristId: string, viewer: Parameters<typeof can>[0]): HistoryTab[] {
  const tabs: HistoryTab[] = [];
  const list = (value: string, label: string, body: (queryKey: readonly unknown[]) => ReactNode) =>
    tabs.push({ value, label, list: body(historyKey(motoristId, value)) });
  if (can(viewer, 'transactions')) {
    list('payments', 'Payments', (queryKey) => (
      <HistoryList
        label="Payments"
        queryKey={queryKey}
        fetchPage={(page, signal) => call(recordEndpoints.subscriptionPayments, historyPage(motoristId, page), { signal })}
        columns={historyPaymentColumns('subscription')}
        rowKey={rowId}
      />
    ));
    list('penalty-payments', 'Penalty Payments', (queryKey) => (
      <HistoryList
        label="Penalty Payments"
        queryKey={queryKey}
        fetchPage={(page, signal) => call(recordEndpoints.penaltyPayments, historyPage(motoristId, page), { signal })}
        columns={historyPaymentColumns('penalty')}
        rowKey={rowId}
      />
    ));
  }
  if (can(viewer, 'scans')) {
    list('scans', 'Scans', (queryKey) => (
      <HistoryList
        label="Scans"
        queryKey={queryKey}
        fetchPage={(page, signal) => call(recordEndpoints.scans, historyPage(motoristId, page), { signal })}
        columns={HISTORY_SCAN_COLUMNS}
        rowKey={rowId}
      />
    ));
  }
  if (can(viewer, 'penalty')) {
    list('penalty-changes', 'Penalty Changes', (queryKey) => (
      <HistoryList
        label="Penalty Changes"
        queryKey={queryKey}
        fetchPage={(page, signal) => call(penaltyEndpoints.changes, historyPage(motoristId, page), { signal })}
        columns={PENALTY_CHANGE_COLUMNS}
        rowKey={rowId}
      />
    ));
  }
  return tabs;
}

/**
 * A motorist's history on their details page: payments with their receipt numbers, penalty payments,
 * scans and penalty changes, each paged, newest first; only the lists the viewer may read.
 */
export function MotoristHistory({ motoristId }: { motoristId: string }) {
  const viewer = useSignedInUser();
  const tabs = tabsFor(motoristId, viewer);
  if (tabs.length === 0) return null;
  return (
    <DetailSection title="History">
      <Tabs defaultValue={tabs[0].value} keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {tab.list}
          </Tabs.Panel>
        ))}
      </Tabs>
    </DetailSection>
  );
}

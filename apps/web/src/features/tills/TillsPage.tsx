import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ClosesList } from './ClosesList.tsx';
import { OpenTillsList } from './OpenTillsList.tsx';
import { TILL_TABS, tabOf, type TillTab } from './tabs.ts';

const TAB_LABELS: Record<TillTab, string> = {
  open: 'Open tills',
  waiting: 'Waiting for approval',
  variances: 'Variances',
  history: 'History',
};

/** Tills (issue 42): the remitters' open tills, the closes to approve, the variances, each remitter's history. */
export function TillsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  // Each tab is its own list: a new tab starts with its own filters and first page.
  const choose = (next: string | null) => setParams(next && next !== 'open' ? { tab: next } : {});
  return (
    <>
      <PageHeader title="Tills" description="The cash remitters hold, their closes waiting for approval, variances and each remitter's history" />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          {TILL_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="open">
          <OpenTillsList />
        </Tabs.Panel>
        <Tabs.Panel value="waiting">
          <ClosesList tab="waiting" label="Closes waiting for approval" />
        </Tabs.Panel>
        <Tabs.Panel value="variances">
          <ClosesList tab="variances" label="Variances" />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <ClosesList tab="history" label="Till history" />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

import { Anchor, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { can, FLAG_RULE_LABELS, FLAG_RULES, FLAG_STATUSES, type FlagRule, type FlagStatus } from '@eticket/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatPercent } from '../../lib/format.ts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { FlagTable } from '../../components/Flags/FlagTable.tsx';
import { useFlagSummary } from '../../components/Flags/queries.ts';

const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  ...FLAG_STATUSES.map((status) => ({ value: status, label: status === 'false-alarm' ? 'False alarm' : status[0].toUpperCase() + status.slice(1) })),
];
const RULE_CHOICES = [{ value: '', label: 'All rules' }, ...FLAG_RULES.map((rule) => ({ value: rule, label: FLAG_RULE_LABELS[rule] }))];

const ruleOf = (value: string | null): FlagRule | undefined => ((FLAG_RULES as readonly string[]).includes(value ?? '') ? (value as FlagRule) : undefined);
const statusOf = (value: string | null): FlagStatus | undefined =>
  value === null ? 'open' : (FLAG_STATUSES as readonly string[]).includes(value) ? (value as FlagStatus) : undefined;

/** Flags (issue 44; docs/flags.md): field activity a rule found impossible or suspicious, per rule and per agent, for review. */
export function FlagsPage() {
  const viewer = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const rule = ruleOf(params.get('rule'));
  const status = statusOf(params.get('status'));
  const agent = params.get('agent') ?? undefined;
  const summary = useFlagSummary();
  const set = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const agentName = summary.data?.agents.find((a) => a.agent.id === agent)?.agent.fullName;
  return (
    <>
      <PageHeader title="Flags" description="Field activity a rule found impossible or suspicious: never blocked, for a person to review" />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {(summary.data?.rules ?? []).map((r) => (
            <SectionCard key={r.rule} title={FLAG_RULE_LABELS[r.rule]}>
              <Text size="sm">
                <Anchor component="button" onClick={() => setParams({ rule: r.rule, status: 'open' })}>
                  {r.open} open
                </Anchor>{' '}
                · {r.confirmed} confirmed · {r.falseAlarms} false alarms
              </Text>
              <Text size="sm" c="dimmed">
                False-alarm rate: {r.falseAlarmRate === null ? 'none reviewed yet' : formatPercent(r.falseAlarmRate * 100)}
              </Text>
            </SectionCard>
          ))}
        </SimpleGrid>
        {(summary.data?.agents.length ?? 0) > 0 && (
          <SectionCard title="Agents with open flags">
            <Group gap="md" wrap="wrap">
              {summary.data?.agents.map((a) => (
                <Anchor key={a.agent.id} component="button" onClick={() => setParams({ agent: a.agent.id, status: 'open' })}>
                  {a.agent.fullName} ({a.open})
                </Anchor>
              ))}
            </Group>
          </SectionCard>
        )}
        <Group component="fieldset" aria-label="Flag filters" gap="sm" align="flex-end" m={0} p={0} style={{ border: 0 }}>
          <NativeSelect label="Rule" data={RULE_CHOICES} value={rule ?? ''} onChange={(e) => set('rule', e.currentTarget.value || null)} w={260} />
          <NativeSelect label="Status" data={STATUS_CHOICES} value={status ?? ''} onChange={(e) => set('status', e.currentTarget.value)} w={200} />
          {agent && (
            <Anchor component="button" onClick={() => set('agent', null)}>
              Agent: {agentName ?? agent} (show all agents)
            </Anchor>
          )}
        </Group>
        <FlagTable key={`${rule}-${status}-${agent}`} label="Flags" filters={{ rule, status, agent }} mayReview={can(viewer, 'flags', 'write')} />
      </Stack>
    </>
  );
}

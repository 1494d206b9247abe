import { AGENT_ROLES, type AgentRole, DEFAULT_PAGE_SIZE, type Role } from '@eticket/contracts';

/**
 * What the benchmark calls: every list route × {first page, page 500 (or the middle page), a search,
 * a status (or other) filter, a date range} where the route takes it, every dashboard call × {a
 * month, a year}, the field app's compliance list (a page of the whole list, the changes of the last
 * hour; as an enforcer), the allocation calls. Values that depend on the data (a Unique ID prefix, a union,
 * a stakeholder, how many agents there are) come from the data set (context.ts).
 */
export type CallKind = 'list' | 'dashboard' | 'field' | 'allocation';

export interface Call {
  name: string;
  kind: CallKind;
  path: string;
  query: Record<string, string>;
  /** Its answer holds a ranking of top agents, which the server keeps for a minute per range (RANKING_CACHE_SECONDS). */
  ranksAgents?: true;
  /** Who calls it (none: the super-admin): the field app's calls are an enforcer's. */
  caller?: 'enforcer';
  /**
   * A call whose request takes about a second or more: measured with this many clients in one slice
   * per round, so that each side's slice completes many requests (a slice of the usual length
   * completes none, and the CPU of the requests still in flight when it ends has no request to count against).
   */
  heavy?: { connections: number };
}

export interface CallContext {
  /** Today, and 30 and 365 days back (Lagos dates, YYYY-MM-DD). */
  today: string;
  monthAgo: string;
  yearAgo: string;
  /** The first 4 characters of a motorist's Unique ID (record lists match the start of one). */
  motoristCodePrefix: string;
  /** A surname the people lists' text search finds. */
  name: string;
  /** An hour before the data set was read (ISO): the compliance list's changes since then. */
  hourAgo: string;
  /** An approved enforcer's email: the compliance list is theirs to fetch. */
  enforcerEmail: string;
  unionId: string;
  stakeholderId: string;
  /** How many registrars, enforcers and remitters there are: page 500 of a smaller list is past its end. */
  agents: Record<AgentRole, number>;
  /**
   * Per staff or agent role, the 30 days ending on the day its newest member joined. Agents and staff
   * all joined before the data set's 13 months of activity, so the last 30 days would find none of
   * them and measure an empty page.
   */
  joinedMonth: Record<JoiningRole, DateRange>;
}

/** The roles whose lists are filtered by when their people joined (motorists' by the last 30 days). */
export const JOINING_ROLES = [...AGENT_ROLES, 'admin', 'manager', 'union'] as const satisfies readonly Role[];
export type JoiningRole = (typeof JOINING_ROLES)[number];
// A type, not an interface: a query is a Record<string, string>, which an interface does not satisfy.
export type DateRange = { startDate: string; endDate: string };

type Variant = [label: string, query: Record<string, string>];

const page500: Variant = ['page 500', { page: '500' }];

/**
 * Page 500, or the middle page of a list too short for it: a page past the end reads nothing, and a
 * page in the second half is read from the list's other end, so the middle is the deepest read.
 */
function deepPage(rows: number): Variant {
  const middle = Math.max(1, Math.ceil(Math.ceil(rows / DEFAULT_PAGE_SIZE) / 2));
  return middle >= 500 ? page500 : [`page ${middle} (the middle)`, { page: String(middle) }];
}

function listCalls(name: string, path: string, base: Record<string, string>, variants: Variant[]): Call[] {
  return variants.map(([label, query]) => ({ name: `${name}: ${label}`, kind: 'list' as const, path, query: { ...base, ...query } }));
}

export function benchCalls(c: CallContext): Call[] {
  const month = { startDate: c.monthAgo, endDate: c.today };
  const year = { startDate: c.yearAgo, endDate: c.today };
  const first: Variant = ['first page', {}];
  const range: Variant = ['date range (30 days)', month];
  const joined = (role: JoiningRole): Variant => ['date range (30 days they joined)', c.joinedMonth[role]];
  const people = (search: string, deep: Variant, byDate: Variant): Variant[] => [
    first,
    deep,
    ['search', { search }],
    ['status pending', { search: 'pending' }],
    byDate,
  ];
  const agents = (role: AgentRole) => listCalls(`${role}s`, '/api/agent/user', { role }, people(c.name, deepPage(c.agents[role]), joined(role)));
  const records = (filter: string): Variant[] => [
    first,
    page500,
    ['search (Unique ID prefix)', { search: c.motoristCodePrefix }],
    [`filter ${filter}`, { search: filter }],
    range,
  ];

  const calls: Call[] = [
    ...listCalls('motorists', '/api/motorist/user', {}, people(c.name, page500, range)),
    ...agents('registrar'),
    ...agents('enforcer'),
    ...agents('remitter'),
    ...listCalls('admins', '/api/admin/user', {}, [first, ['search', { search: 'admin' }], joined('admin')]),
    ...listCalls('managers', '/api/manager/user', {}, [first, ['search', { search: 'manager' }], joined('manager')]),
    ...listCalls('unions', '/api/union/user', {}, [first, ['search', { search: 'union' }], joined('union')]),
    ...listCalls('scans', '/api/scan', {}, records('expired')),
    ...listCalls('subscription payments', '/api/sub-history', {}, records('monthly')),
    ...listCalls('penalty payments', '/api/penalty-history', {}, records('transfer')),
    ...listCalls('plans', '/api/subscription', {}, [first, ['filter keke', { types: 'keke' }]]),
    ...listCalls('penalty charges', '/api/penalty', {}, [first]),
    ...listCalls('audit log', '/api/audit-logs', {}, [
      first,
      page500,
      ['search', { search: c.name }],
      ['filter person.approved', { action: 'person.approved' }],
      range,
    ]),
    ...listCalls('dashboard unions', '/api/uniondashboard/unions', {}, [first]),
  ];

  const dashboards: Array<[string, string, Record<string, string>, boolean]> = [
    ['admin dashboard', '/api/admindashboard', {}, false],
    ['stakeholder payment chart', '/api/stakeHolderPaymentChart', {}, false],
    ['performing agents', '/api/performingAgentChart', {}, true],
    ['union dashboard', '/api/uniondashboard', { union: c.unionId }, false],
    ['registrar dashboard', '/api/registrardashboard', {}, true],
    ['enforcer dashboard', '/api/enforcerdashboard', {}, true],
    ['remitter dashboard', '/api/remitterdashboard', {}, true],
  ];
  for (const [name, path, base, ranks] of dashboards) {
    const ranksAgents = ranks ? { ranksAgents: true as const } : {};
    calls.push({ name: `${name}: month`, kind: 'dashboard', path, query: { ...base, ...month }, ...ranksAgents });
    calls.push({ name: `${name}: year`, kind: 'dashboard', path, query: { ...base, ...year }, ...ranksAgents });
  }
  // The chart takes no range: Jan–Dec of the current year.
  calls.push({ name: 'revenue chart: this year', kind: 'dashboard', path: '/api/chart', query: {} });

  // The compliance list a phone fetches: a page of 20,000 (COMPLIANCE_PAGE_SIZE), and a refresh.
  calls.push(
    { name: 'compliance list: first page', kind: 'field', path: '/api/field/compliance', query: {}, caller: 'enforcer', heavy: { connections: 2 } },
    { name: 'compliance list: changes of an hour', kind: 'field', path: '/api/field/compliance', query: { since: c.hourAgo }, caller: 'enforcer' },
  );

  calls.push(
    { name: 'allocation: month', kind: 'allocation', path: '/api/allocation', query: month },
    { name: 'allocation: year', kind: 'allocation', path: '/api/allocation', query: year },
    { name: 'stakeholders', kind: 'allocation', path: '/api/stakeholders', query: {} },
    { name: 'stakeholder: month', kind: 'allocation', path: `/api/stakeholders/${c.stakeholderId}`, query: month },
    { name: 'stakeholder: year', kind: 'allocation', path: `/api/stakeholders/${c.stakeholderId}`, query: year },
    { name: 'stakeholder payouts: year', kind: 'allocation', path: `/api/stakeholders/${c.stakeholderId}/payouts`, query: year },
    { name: 'banks', kind: 'allocation', path: '/api/banks', query: {} },
  );
  return calls;
}

export const urlOf = (call: Pick<Call, 'path' | 'query'>): string => {
  const search = new URLSearchParams(call.query).toString();
  return search ? `${call.path}?${search}` : call.path;
};

/** The call for the same length of range ending `days` earlier: a range the server has not ranked yet. */
export function shiftedBack(call: Call, days: number): Call {
  const back = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const { startDate, endDate } = call.query;
  return { ...call, query: { ...call.query, ...(startDate && endDate ? { startDate: back(startDate), endDate: back(endDate) } : {}) } };
}

/** Whether a call is one --only names: its name holds one of the comma-separated texts (none given: every call). */
export const namedBy =
  (only: string | undefined) =>
  (call: Pick<Call, 'name'>): boolean =>
    !only || only.split(',').some((text) => call.name.includes(text));

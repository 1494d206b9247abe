import { endpoint } from '../endpoint.ts';

/** Every dashboard call needs the dashboard capability; the service checks which dashboard a caller may see. */
const permission = { capability: 'dashboard', access: 'read' } as const;
const tags = ['dashboard'];
const RANGE_HELP = 'startDate and endDate are Lagos days (YYYY-MM-DD, or a timestamp taken as its Lagos day); unset: today through 7 days ahead.';

export const admin = endpoint({
  method: 'GET',
  path: '/api/admindashboard',
  permission,
  tags,
  description: `Admin overview cards (admin, super-admin). ${RANGE_HELP}`,
  query: 'dashboardQuery',
  response: { 200: 'adminDashboardResponse' },
});

export const monthlyChart = endpoint({
  method: 'GET',
  path: '/api/chart',
  permission,
  tags,
  description: 'Revenue and motorist registrations per month, Jan–Dec of the current Lagos year (admin, super-admin).',
  response: { 200: 'chartResponse' },
});

export const allocationShares = endpoint({
  method: 'GET',
  path: '/api/stakeHolderPaymentChart',
  permission,
  tags,
  description: `Each allocation's share of the range's subscription revenue, for the 'Revenue Allocation' doughnut (admin, super-admin). ${RANGE_HELP}`,
  query: 'dashboardQuery',
  response: { 200: 'stakeholderPaymentChartResponse' },
});

export const topAgents = endpoint({
  method: 'GET',
  path: '/api/performingAgentChart',
  permission,
  tags,
  description: `Top performing agents in the range: remitters by amount collected, enforcers by scans, registrars by motorists registered (admin, super-admin). search: a role, or text in name, email, phone or Unique ID. ${RANGE_HELP}`,
  query: 'performingAgentQuery',
  response: { 200: 'performingAgentResponse' },
});

export const unionTabs = endpoint({
  method: 'GET',
  path: '/api/uniondashboard/unions',
  permission,
  tags,
  description: 'The unions whose tab the caller may open: all for super-admin and shareholder or government unions, itself for another union.',
  response: { 200: 'unionTabsResponse' },
});

export const union = endpoint({
  method: 'GET',
  path: '/api/uniondashboard',
  permission,
  tags,
  description: `One union's figures (union: its id; unset: the caller's own). A union sees another's only with a shareholder or government role; super-admin sees all. ${RANGE_HELP}`,
  query: 'unionDashboardQuery',
  response: { 200: 'unionDashboardResponse' },
});

export const registrar = endpoint({
  method: 'GET',
  path: '/api/registrardashboard',
  permission,
  tags,
  description: `Registrations (registrar-manager, admins; a registrar: its own). ${RANGE_HELP}`,
  query: 'dashboardQuery',
  response: { 200: 'registrarDashboardResponse' },
});

export const enforcer = endpoint({
  method: 'GET',
  path: '/api/enforcerdashboard',
  permission,
  tags,
  description: `Scans and compliance (enforcer-manager, admins). ${RANGE_HELP}`,
  query: 'dashboardQuery',
  response: { 200: 'enforcerDashboardResponse' },
});

export const remitter = endpoint({
  method: 'GET',
  path: '/api/remitterdashboard',
  permission,
  tags,
  description: `Collections (remitter-manager, admins). ${RANGE_HELP}`,
  query: 'dashboardQuery',
  response: { 200: 'remitterDashboardResponse' },
});

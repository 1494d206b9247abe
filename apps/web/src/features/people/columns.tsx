import { personListOwnColumns, personName, type PersonListKind, type PersonRecord, type TokenUser } from '@eticket/contracts';
import type { Column } from '../../components/DataTable/index.ts';
import { NoWrap } from '../../components/NoWrap.tsx';
import { formatDateTime, formatTableDateTime, NOT_AVAILABLE } from '../../lib/format.ts';
import { showsActionsColumn } from './actions.ts';
import { PersonActions } from './components/PersonActions.tsx';
import { PersonNameLink } from './components/PersonNameLink.tsx';
import { PersonStatus } from './components/PersonStatus.tsx';
import { KINDS, type PeopleKind } from './kinds.ts';
import { statusLabel } from './status.ts';

type PersonColumn = Column<PersonRecord>;

const fullName: PersonColumn = { header: 'Full Name', value: (row) => personName(row.fullName), cell: (row) => <PersonNameLink person={row} /> };
const uniqueId: PersonColumn = { header: 'Unique ID', value: (row) => row.userCode };
const phone: PersonColumn = { header: 'Phone', value: (row) => row.phone };
const email: PersonColumn = { header: 'Email', value: (row) => row.email };
const lastLogin: PersonColumn = {
  header: 'Last Login',
  value: (row) => formatDateTime(row.lastLogin),
  cell: (row) => <NoWrap>{formatTableDateTime(row.lastLogin)}</NoWrap>,
};
const addedBy: PersonColumn = { header: 'Added By', value: (row) => personName(row.addedByName) ?? NOT_AVAILABLE };
const status: PersonColumn = { header: 'Status', value: statusLabel, cell: (row) => <PersonStatus person={row} /> };
const actions: PersonColumn = { header: 'Actions', cell: (row) => <PersonActions person={row} />, stickyEnd: true };

/**
 * Spec "Staff and motorist lists": Full Name, Phone, Email, Last Login, Added By, Status, Actions;
 * Unique ID too on the enforcer, remitter and union lists, and second on the motorist list. Actions
 * is hidden for union and user. Managers also show Department; unions Union Name and Role.
 */
export function personColumns(kind: PeopleKind, viewer: TokenUser): PersonColumn[] {
  const list: PersonListKind = KINDS[kind].agentRole ?? (kind as PersonListKind);
  const columns = [fullName, ...(KINDS[kind].showsUniqueId ? [uniqueId] : []), ...personListOwnColumns(list), phone, email, lastLogin, addedBy, status];
  return showsActionsColumn(viewer) ? [...columns, actions] : columns;
}

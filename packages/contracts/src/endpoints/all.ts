import * as allocation from './allocation/endpoints.ts';
import * as approvals from './approvals/endpoints.ts';
import * as audit from './audit/endpoints.ts';
import * as auth from './auth/endpoints.ts';
import * as dashboards from './dashboards/endpoints.ts';
import * as disputes from './disputes/endpoints.ts';
import type { Endpoint } from './endpoint.ts';
import * as exportsGroup from './exports/endpoints.ts';
import * as files from './files/endpoints.ts';
import * as ledger from './ledger/endpoints.ts';
import * as field from './field/endpoints.ts';
import * as ops from './ops/endpoints.ts';
import * as onlineAccounts from './online-accounts/endpoints.ts';
import * as penalties from './penalties/endpoints.ts';
import * as people from './people/endpoints.ts';
import * as personalData from './personal-data/endpoints.ts';
import * as privacy from './privacy/endpoints.ts';
import * as profile from './profile/endpoints.ts';
import * as publicChecks from './public/endpoints.ts';
import * as receipts from './receipts/endpoints.ts';
import * as records from './records/endpoints.ts';
import * as resetCodes from './reset-codes/endpoints.ts';
import * as reversals from './reversals/endpoints.ts';
import * as subscriptions from './subscriptions/endpoints.ts';
import * as tills from './tills/endpoints.ts';
import * as tillLists from './till-lists/endpoints.ts';
import * as flags from './flags/endpoints.ts';

/** Every endpoint the API serves, by capability (the server registers exactly these). */
export const ENDPOINT_GROUPS = {
  auth,
  // Records, people, audit: the order the exportable lists are named in (endpoints/exports/schemas.ts EXPORT_PATHS).
  records,
  people,
  audit,
  profile,
  field,
  ops,
  penalties,
  public: publicChecks,
  receipts,
  exports: exportsGroup,
  files,
  dashboards,
  resetCodes,
  allocation,
  subscriptions,
  ledger,
  tills,
  tillLists,
  flags,
  personalData,
  privacy,
  approvals,
  reversals,
  disputes,
  onlineAccounts,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values<Endpoint>(group));

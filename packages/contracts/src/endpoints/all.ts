import * as allocation from './allocation.ts';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import * as dashboards from './dashboards.ts';
import type { Endpoint } from './endpoint.ts';
import * as exportsGroup from './exports.ts';
import * as files from './files.ts';
import * as ledger from './ledger.ts';
import * as field from './field.ts';
import * as ops from './ops.ts';
import * as penalties from './penalties.ts';
import * as people from './people.ts';
import * as personalData from './personal-data.ts';
import * as privacy from './privacy.ts';
import * as profile from './profile.ts';
import * as publicChecks from './public.ts';
import * as receipts from './receipts.ts';
import * as records from './records.ts';
import * as resetCodes from './reset-codes.ts';
import * as subscriptions from './subscriptions.ts';
import * as tills from './tills.ts';
import * as tillLists from './till-lists.ts';

/** Every endpoint the API serves, by capability (the server registers exactly these). */
export const ENDPOINT_GROUPS = {
  auth,
  // Records, people, audit: the order the exportable lists are named in (schemas/exports.ts EXPORT_PATHS).
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
  personalData,
  privacy,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values<Endpoint>(group));

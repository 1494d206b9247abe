/** The people and prices apps/field/e2e/seed.mjs puts in a fresh database for the field journeys. */
export const PASSWORD = 'Field-Journey-2026';
/** LEVY_NAME of the journeys' server: what receipts are headed with. */
export const LEVY_NAME = 'Lagos Field Journeys Levy';

export const AGENTS = {
  admin: { email: 'admin@field.test', fullName: 'ada admin', role: 'admin' },
  enforcer: { email: 'enforcer@field.test', fullName: 'efe enforcer', role: 'enforcer', agentRole: 'enforcer' },
  offlineEnforcer: { email: 'offline.enforcer@field.test', fullName: 'oge enforcer', role: 'enforcer', agentRole: 'enforcer' },
  remitter: { email: 'remitter@field.test', fullName: 'remy remitter', role: 'remitter', agentRole: 'remitter' },
  offlineRemitter: { email: 'offline.remitter@field.test', fullName: 'ola remitter', role: 'remitter', agentRole: 'remitter' },
  registrar: { email: 'registrar@field.test', fullName: 'rex registrar', role: 'registrar', agentRole: 'registrar' },
  offlineRegistrar: { email: 'offline.registrar@field.test', fullName: 'ruth registrar', role: 'registrar', agentRole: 'registrar' },
  // The tills' journeys (till-close.spec.ts): remitters of their own, so other journeys' cash is not in their tills.
  tillRemitter: { email: 'till.remitter@field.test', fullName: 'tola till', role: 'remitter', agentRole: 'remitter' },
  offlineTillRemitter: { email: 'offline.till@field.test', fullName: 'oti till', role: 'remitter', agentRole: 'remitter' },
  recloseRemitter: { email: 'reclose.till@field.test', fullName: 'rita reclose', role: 'remitter', agentRole: 'remitter' },
  lateRemitter: { email: 'late.till@field.test', fullName: 'lati late', role: 'remitter', agentRole: 'remitter' },
  /** Approves or rejects remitters' till closes. */
  remitterManager: { email: 'remitter.manager@field.test', fullName: 'mani manager', role: 'manager', department: 'remitter-manager' },
} as const;

/** Motorists on keke with plates; registered 10 days before the run (expired past grace). */
export const MOTORISTS = Array.from({ length: 8 }, (_, i) => ({
  userCode: `fieldmoto${i + 1}`,
  fullName: `moto rider ${i + 1}`,
  plateNumber: `LAG-${100 + i}-KK`,
}));

/** Keke riders the tills' journeys (till-close.spec.ts) collect from: no other journey counts their payments. */
export const TILL_RIDERS = Array.from({ length: 6 }, (_, i) => ({
  userCode: `fieldtill0${i + 1}`,
  fullName: `tilly rider ${i + 1}`,
  plateNumber: `TIL-${200 + i}-KK`,
}));

/** A bus driver a remitter finds by plate (issue 48: a payment taken offline by plate was lost). */
export const BUS_DRIVER = { userCode: 'fieldbus01', fullName: 'bisi bus driver', plateNumber: 'FST 0298 JE' };
/** A keke rider the collect form's journey pays a weekly plan for, then finds again. */
export const WEEKLY_RIDER = { userCode: 'fieldweek01', fullName: 'wale weekly', plateNumber: 'KJA 222 WK' };
/** A keke rider registered just now who has never paid: within the first grace period, "not paid yet". */
export const NEW_RIDER = { userCode: 'fieldnew001', fullName: 'nneka new', plateNumber: 'LND 515 NW' };
/** A keke rider whose registration waits for approval (already on the road: scanned and charged). */
export const PENDING_RIDER = { userCode: 'fieldpend01', fullName: 'penny pending', plateNumber: 'EPE 411 PD' };

/** Keke riders the languages' journeys (languages.spec.ts) scan and collect from, in every language: no other journey counts them. */
export const LANGUAGE_RIDERS = Array.from({ length: 7 }, (_, i) => ({
  userCode: `fieldlang0${i + 1}`,
  fullName: `lara language ${i + 1}`,
  plateNumber: `LNG-${300 + i}-KK`,
}));

export const PLANS = [
  { name: 'daily', vehicleType: 'keke', price: 200 },
  { name: 'weekly', vehicleType: 'keke', price: 1000 },
  { name: 'daily', vehicleType: 'bus', price: 300 },
] as const;
export const KEKE_PENALTY = 500;

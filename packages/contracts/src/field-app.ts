/**
 * The field app's plain constants (no schemas): the app's first load carries these, not zod.
 */
export const FIELD_MESSAGES = {
  fieldAgentsOnly: 'This app is for field agents (enforcers, remitters and registrars). Please use the console.',
  noMotoristForQuery: 'No motorist has that plate or Unique ID',
  motoristRequired: 'Enter the motorist’s plate or Unique ID',
} as const;

/** Where the field app keeps its session token (localStorage, same origin): the console hands a phone's agent over through it. */
export const FIELD_TOKEN_KEY = 'fieldToken';

/** Entries per page of GET /api/field/compliance. */
export const COMPLIANCE_PAGE_SIZE = 20_000;
/** Bits of a compliance entry's flags. */
export const COMPLIANCE_FLAGS = { owesPenalty: 1, paused: 2 } as const;

/** The most items one POST /api/field/batch carries; a phone with more sends several batches. */
export const FIELD_BATCH_MAX_ITEMS = 100;
/** The most bytes a batch's body may have (a scan is about 200 bytes, a payment about 400). */
export const FIELD_BATCH_MAX_BYTES = 256 * 1024;

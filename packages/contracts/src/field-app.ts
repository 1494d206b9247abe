/**
 * The field app's plain constants (no schemas): the app's first load carries these, not zod.
 */
export const FIELD_MESSAGES = {
  fieldAgentsOnly: 'This app is for field agents (enforcers, remitters and registrars). Please use the console.',
  noMotoristForQuery: 'No motorist has that plate or Unique ID',
  motoristRequired: 'Enter the motorist’s plate or Unique ID',
} as const;

/** Entries per page of GET /api/field/compliance. */
export const COMPLIANCE_PAGE_SIZE = 20_000;
/** Bits of a compliance entry's flags. */
export const COMPLIANCE_FLAGS = { owesPenalty: 1, paused: 2 } as const;

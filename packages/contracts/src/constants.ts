export const PAGE_SIZES = [5, 10, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const FIRST_PAGE = 1;

export const REQUEST_TIMEOUT_MS = 600_000;
export const LAGOS_TIME_ZONE = 'Africa/Lagos';

/** The levy's name on public pages and prints, unless LEVY_NAME says otherwise. */
export const DEFAULT_LEVY_NAME = 'E-Ticketing transport levy';
/** How the data protection officer is reached when DPO_CONTACT is unset. */
export const DEFAULT_DPO_CONTACT = 'The data protection officer, at the levy office';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** What the password fields say under them; passwordWeakness is the rule itself. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, not a common or easily guessed password`;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PENALTY_SEARCH_MIN_LENGTH = 6;
export const ACCOUNT_LOOKUP_MIN_LENGTH = 10;
export const ALLOCATION_PERCENT = { min: 0.1, max: 80, step: 0.1, total: 100 } as const;

export const EXPORT_FILE_NAME = 'tableData.csv';

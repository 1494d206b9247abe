import type { z } from 'zod';

/** What a call answers, as its schema in @eticket/contracts says (never re-declared here). */
export type Reply<Schema extends z.ZodType> = z.output<Schema>;

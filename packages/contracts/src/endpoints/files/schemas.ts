/** Stored images (ID cards, selfies), served to whoever holds a signed link the server handed out. */
import { z } from 'zod';

export const fileKeyParam = z.object({ key: z.string().max(64) });

/** A signed link's expiry (epoch seconds) and signature. */
export const signedFileQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(128) });

import { z } from 'zod';
import { normaliseIdentifier } from './auth.ts';

/** GET /api/user/{id} → data: names for addedBy, approvedBy, suspendedBy and scanner ids. */
export const userName = z.object({ _id: z.string(), id: z.string(), fullName: z.string() });
export type UserName = z.infer<typeof userName>;

/** POST /api/user: find a person by Unique ID. */
export const userByCodeRequest = z.object({
  userCode: z.string({ message: 'userCode is required' }).transform(normaliseIdentifier).pipe(z.string().min(1, 'userCode is required')),
});

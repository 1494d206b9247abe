import { z } from 'zod';
import { normaliseIdentifier } from '../../identifier.ts';
import { ticketSubscription } from '../subscriptions/schemas.ts';

/** GET /api/user/{id} → data: names for addedBy, approvedBy, suspendedBy and scanner ids. */
export const userName = z.object({ _id: z.string(), id: z.string(), fullName: z.string() });
export type UserName = z.infer<typeof userName>;
export const userNameResponse = z.object({ data: userName });

/** POST /api/user: find a person by Unique ID. */
export const userByCodeRequest = z.object({
  userCode: z.string({ message: 'userCode is required' }).transform(normaliseIdentifier).pipe(z.string().min(1, 'userCode is required')),
});

/** POST /api/user → data: the person with that Unique ID; a motorist's subscription (for the penalty page), else null. */
export const personByCode = z.object({
  _id: z.string(),
  id: z.string(),
  userCode: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  registrationStatus: z.string(),
  ticketSubscription: ticketSubscription.nullable(),
});
export type PersonByCode = z.infer<typeof personByCode>;
export const personByCodeResponse = z.object({ data: personByCode });

import { z } from 'zod';
import { AGENT_ROLES, DEPARTMENTS, ROLES, UNION_ROLES } from '../../domain.ts';
import { MESSAGES } from '../../messages.ts';
import { newPasswordField } from '../../schemas/new-password.ts';
import { normaliseIdentifier } from '../../identifier.ts';

export { normaliseIdentifier } from '../../identifier.ts';

export const loginRequest = z.object({
  userCode: z.string({ message: MESSAGES.loginRequired }).transform(normaliseIdentifier).pipe(z.string().min(1, MESSAGES.loginRequired)),
  password: z.string({ message: MESSAGES.loginRequired }).min(1, MESSAGES.loginRequired),
  /** The app signing in: 'console' refuses those who may not use it (spec section 5) before they are marked online. */
  app: z.enum(['console', 'field'], { message: 'app must be console or field' }).optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;
export const loginResponse = z.object({ token: z.string(), message: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordRequest = z.object({
  email: z
    .string({ message: MESSAGES.emailRequired })
    .transform(normaliseIdentifier)
    .pipe(z.string().min(1, MESSAGES.emailRequired).pipe(z.email('email must be a valid email address'))),
});

export const passwordResetRequest = z
  .object({
    token: z
      .string({ message: MESSAGES.allFieldsRequired })
      .trim()
      .regex(/^\d{6}$/, 'token must be the 6-digit code from the email'),
    password: newPasswordField('password', MESSAGES.allFieldsRequired),
    confirmPassword: z.string({ message: MESSAGES.allFieldsRequired }),
    /** The reset named in the link of a code a staff member was sent by an administrator (else the asking browser's cookie names it). */
    resetId: z.uuid({ message: 'resetId must be the reset named in the email' }).optional(),
  })
  .refine((body) => body.password === body.confirmPassword, { message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] });

/** The `user` claim of the session token. */
export const tokenUser = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  agentRole: z.enum(AGENT_ROLES).nullable(),
  isMotorist: z.boolean(),
  department: z.enum(DEPARTMENTS).nullable(),
  unionRole: z.enum(UNION_ROLES).nullable(),
  unionName: z.string().nullable(),
});
export type TokenUser = z.infer<typeof tokenUser>;

export const tokenPayload = z.object({ user: tokenUser, exp: z.number() });
export type TokenPayload = z.infer<typeof tokenPayload>;

import { endpoint } from '../endpoint.ts';

const tags = ['auth'];

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  permission: { public: true },
  tags,
  description:
    "Signs in with a Unique ID (or email) and password; answers the session token and sets this browser's device cookie (its sign-in attempts are counted apart). app: 'console' refuses those who may not use it.",
  body: 'loginRequest',
  response: { 200: 'loginResponse' },
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/logout/:id',
  // Whose sessions may be ended is the service's check: one's own, or a person one manages (forced logout).
  permission: { signedIn: true },
  tags,
  description: "Ends every session of the person (one's own, or a forced logout of someone the caller manages).",
  params: 'idParam',
  response: { 200: 'messageResponse' },
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/forgot-password',
  permission: { public: true },
  tags,
  description:
    'Mails a password reset code to the account with this email, if there is one (the answer is the same either way); the code works only in this browser, whose reset cookie names the reset.',
  body: 'forgotPasswordRequest',
  response: { 200: 'messageResponse' },
});

export const passwordReset = endpoint({
  method: 'POST',
  path: '/api/password-reset',
  permission: { public: true },
  tags,
  description:
    "Sets a new password with the emailed code: the reset is the one named by resetId (an administrator's code) or by this browser's reset cookie; every session ends.",
  body: 'passwordResetRequest',
  response: { 200: 'messageResponse' },
});

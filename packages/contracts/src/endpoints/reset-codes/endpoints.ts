import { endpoint } from '../endpoint.ts';

const tags = ['auth'];

export const send = endpoint({
  method: 'POST',
  path: '/api/user/:id/reset-code',
  // Whom to is the service's check: RESET_CODE_TARGETS (permissions.ts), 403 otherwise.
  permission: { capability: 'reset-codes', access: 'write' },
  tags,
  description:
    "Mails an approved staff member a password reset code, with a link to the console's reset page that names the reset (the code works in any browser with that link, once, for the usual time). The super-admin may send one to admins, managers and union accounts, an admin to managers and union accounts; audited.",
  params: 'idParam',
  response: { 200: 'messageResponse' },
});

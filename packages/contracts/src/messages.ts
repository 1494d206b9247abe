import { TILL_MESSAGES } from './till-app.ts';

/** Every message the spec fixes, and the server's own, in one place. */
export const MESSAGES = {
  loginRequired: 'UserCode and password are required',
  mobileRefused: 'Login is not allowed on mobile devices',
  invalidTokenReceived: 'Invalid token received',
  cannotLogin: 'Contact admin, cannot login',
  emailRequired: 'Email is required',
  allFieldsRequired: 'All fields are required',
  allFieldRequired: 'All field are required',
  userIdRequired: 'User Id is required',
  invalidTokenFormat: 'Invalid token format',
  noDataInResponse: 'No data in response',
  networkNoResponse: 'Network error: No response received',
  unknownError: 'An unknown error occurred',
  sessionExpired: 'Session is Expired, Please login',
  noInternet: 'No internet connection',
  bankNamesFailed: 'Could not fetch bank names',
  nothingToExport: 'No data available to export.',
  noData: 'No data available',

  // Server messages (not fixed by the spec).
  invalidCredentials: 'Invalid email or password',
  accountNotApproved: 'Your account is not active, contact admin',
  tooManyAttempts: 'Too many attempts, please try again later',
  unauthenticated: 'Session is Expired, Please login',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  loggedOut: 'Logged out successfully',
  resetMailSent: 'If that email belongs to an account, a reset code has been sent to it',
  resetInvalidCode: 'The token is invalid or has expired',
  passwordsDiffer: 'Passwords do not match',
  passwordReset: 'Password reset successfully, please login',
  profileUpdated: 'Profile updated successfully',
  signedOutByStaff: 'You were signed out by an administrator',
  accountSuspended: 'Your account has been suspended, contact admin',
  passwordChanged: 'Password changed; you were signed out on every other device',
  currentPasswordWrong: 'The current password is wrong',
  newPasswordSame: 'The new password must differ from the current one',
  resetCodeSent: 'A password reset code was sent to their email',
  resetCodeNotApproved: 'Only an approved account can be sent a reset code',
} as const;

/** What the plan, penalty, subscription and field-payment calls answer and refuse with. */
export const TICKET_MESSAGES = {
  planCreated: 'Plan created successfully',
  /** Fixed by the spec: the plan modal closes on it. */
  planUpdated: 'Plan updated successfully',
  planDeleted: 'Plan deleted successfully',
  penaltyCreated: 'Penalty charge created successfully',
  penaltyUpdated: 'Penalty charge updated successfully',
  specificPenaltyUpdated: 'Penalty updated successfully',
  paused: 'Subscription paused successfully',
  resumed: 'Subscription resumed successfully',
  alreadyPaused: 'Subscription is already paused',
  notPaused: 'Subscription is not paused',
  scanRecorded: 'Scan recorded',
  subscriptionPaymentRecorded: 'Subscription payment recorded',
  /** A payment refused: the account is suspended or deleted (DESIGN: no payment for them). */
  paymentRefusedSuspended: 'This motorist is suspended: no payment can be taken until an admin restores the account',
  paymentRefusedDeleted: "This motorist's account is deleted: no payment can be taken",
  penaltyPaymentRecorded: 'Penalty payment recorded',
  idempotencyKeyRequired: 'Idempotency-Key header is required',
  idempotencyKeyReused: 'Idempotency-Key was already used for a different request',
  /** Non-cash money is matched to the bank or the acquirer by the channel's reference (issue 42, tills). */
  referenceRequired: TILL_MESSAGES.referenceRequired,
} as const;

/** What other modules use of sign-in: its per-key throttle, counted in the database (the public checks' limit too). */
export { createThrottle, type Throttle, type ThrottleRule } from './throttle.ts';

/** What other screens pass to the login screen through the router's location state. */
export interface LoginScreenState {
  /** Why the session ended; shown in red. */
  message?: string;
  /** Good news, e.g. the password was reset; shown in green. */
  notice?: string;
}

/**
 * The payment provider behind online payments (docs/online-payments.md). Paystack implements it
 * (paystack.ts); a second provider (Remita's RRR for states collecting through the Treasury Single
 * Account, Flutterwave) would implement the same calls. Amounts are integer kobo throughout.
 */

/** A checkout the server starts: the amount, currency and reference are the server's, never the payer's. */
export interface InitializeRequest {
  /** Paystack needs an email even where the payer has none: one the levy controls, derived from the motorist. */
  email: string;
  amountKobo: number;
  currency: 'NGN';
  /** Unique per integration, unguessable; the key every later event is matched by. */
  reference: string;
  /** Where the payer's browser comes back (the provider appends ?trxref=&reference=). */
  callbackUrl: string;
  channels?: string[];
  metadata?: Record<string, string | number | null>;
}

export interface Initialized {
  /** Where the payer's browser goes to pay. */
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/** How the money came: the provider's channel as it names it (card, bank_transfer, ussd, dedicated_nuban, …). */
export type Channel = string;

/** One transaction as the provider reports it (verify, a list, a charge.success event). */
export interface ProviderTransaction {
  /** The provider's own id (Paystack: data.id). */
  id: string;
  reference: string;
  /** success, failed, abandoned, pending, ongoing, reversed, … */
  status: string;
  amountKobo: number;
  currency: string;
  channel: Channel | null;
  paidAt: Date | null;
  /** The provider's fees for it, when it says. */
  feesKobo: number | null;
  customerEmail: string | null;
  customerCode: string | null;
  /** A transfer into a dedicated account: that account's number, and who sent it. */
  receiverAccountNumber: string | null;
  senderName: string | null;
  senderBank: string | null;
  metadata: unknown;
}

/** A bank account of a motorist's own at the provider (Paystack's dedicated virtual account). */
export interface DedicatedAccountRequest {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The provider's bank slug (Paystack: wema-bank, titan-paystack, …). */
  preferredBank: string;
  /** Shares settled straight to subaccounts (Paystack's split_code), if the levy uses that. */
  splitCode?: string;
}

export interface DedicatedAccount {
  /** The provider's id of the account. */
  id: string;
  customerCode: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankSlug: string;
}

/** A payout of collected money to the levy's bank. */
export interface Settlement {
  id: string;
  status: string;
  /** What the transactions in it came to, the fees taken, and what reached the bank. */
  totalAmountKobo: number;
  totalFeesKobo: number;
  effectiveAmountKobo: number;
  settledAt: Date | null;
}

/** A webhook event, parsed after its signature was verified. */
export interface ProviderEvent {
  /** charge.success, dedicatedaccount.assign.success, … */
  event: string;
  /** The key the inbox keeps the event unique on, with the event name: the transaction's reference (or the provider's id). */
  reference: string;
  /** charge.* events: the transaction. */
  charge: ProviderTransaction | null;
}

export interface PaymentProvider {
  /** Names the provider in the inbox, suspense and the ledger's memos: 'paystack'. */
  readonly name: string;
  /** Starts a checkout: where the payer goes. Fails (ProviderError) when the provider refuses or cannot be reached. */
  initialize(request: InitializeRequest): Promise<Initialized>;
  /** What the provider says of a reference now; null when it knows none. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  /** Creates the customer and their dedicated account in one step. */
  createDedicatedAccount(request: DedicatedAccountRequest): Promise<DedicatedAccount>;
  /** Asks the provider to send again the notifications of an account's transfers on a day (YYYY-MM-DD). */
  requeryDedicatedAccount(query: { accountNumber: string; providerSlug: string; day: string }): Promise<void>;
  /** The successful transactions of a Lagos day (YYYY-MM-DD). */
  listTransactions(day: string): Promise<ProviderTransaction[]>;
  /** The settlements to the levy's bank of a Lagos day. */
  listSettlements(day: string): Promise<Settlement[]>;
  /** The transactions a settlement paid out. */
  settlementTransactions(settlementId: string): Promise<ProviderTransaction[]>;
  /** Whether a webhook's signature header is the provider's for these exact bytes (constant time). */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** A verified webhook body as an event; null when it is not one this provider sends. */
  parseEvent(rawBody: Buffer): ProviderEvent | null;
}

/** The provider refused or could not be reached: the caller says "try again" (never a 500 to a payer). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

-- Online payments, second part (issue 43; docs/online-payments.md, "Dedicated accounts, suspense,
-- settlement"): a bank account of their own per motorist (Paystack's dedicated virtual accounts),
-- the transfers into them, and the daily settlement match against the ledger.

-- A motorist's dedicated account: one per motorist, its number unique. status 'requested' while
-- the provider has not made it (the assignment job asks, when DEDICATED_ACCOUNTS is on); 'failed'
-- keeps the provider's reason and is tried again later. provider: who made it.
CREATE TABLE dedicated_accounts (
  user_id        uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  provider       text,
  status         text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'assigned', 'failed')),
  account_number text,
  account_name   text,
  bank_name      text,
  bank_slug      text,
  customer_code  text,
  failure        text,
  tries          integer NOT NULL DEFAULT 0,
  requested_at   timestamptz NOT NULL,
  assigned_at    timestamptz,
  -- When the daily requery last asked the provider to send this account's missed notifications.
  requeried_on   date,
  CHECK ((status = 'assigned') = (account_number IS NOT NULL AND bank_name IS NOT NULL AND assigned_at IS NOT NULL))
);
CREATE UNIQUE INDEX dedicated_accounts_number_once ON dedicated_accounts (account_number) WHERE account_number IS NOT NULL;
-- The assignment job's queue: accounts not assigned yet, oldest first.
CREATE INDEX dedicated_accounts_waiting_idx ON dedicated_accounts (requested_at) WHERE status <> 'assigned';
-- The daily requery walks the assigned accounts not asked yet today.
CREATE INDEX dedicated_accounts_requery_idx ON dedicated_accounts (requeried_on NULLS FIRST, user_id) WHERE status = 'assigned';

-- Approving a motorist (or registering one approved) requests their account: the job makes it.
CREATE FUNCTION dedicated_account_on_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.registration_status = 'approved' THEN RETURN NULL; END IF;
  INSERT INTO dedicated_accounts (user_id, requested_at) VALUES (NEW.id, now()) ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER users_dedicated_account_on_approval
  AFTER INSERT OR UPDATE OF registration_status ON users
  FOR EACH ROW WHEN (NEW.role = 'motorist' AND NEW.registration_status = 'approved' AND NOT NEW.is_deleted)
  EXECUTE FUNCTION dedicated_account_on_approval();

-- A transfer into a dedicated account, once per provider reference: what it paid (a payment) or
-- where it went (a suspense item). Two processes applying the same event meet on the primary key.
CREATE TABLE dedicated_charges (
  reference      text PRIMARY KEY,
  user_id        uuid REFERENCES users(id),
  account_number text NOT NULL,
  amount_kobo    bigint NOT NULL CHECK (amount_kobo > 0),
  outcome        text NOT NULL CHECK (outcome IN ('subscription', 'penalty', 'suspense')),
  payment_id     uuid,
  suspense_id    uuid,
  paid_at        timestamptz NOT NULL,
  applied_at     timestamptz NOT NULL,
  -- Claimed first (the reference decides which process applies it), then the payment or item named.
  CHECK (outcome = 'suspense' OR suspense_id IS NULL),
  CHECK (outcome <> 'suspense' OR payment_id IS NULL)
);
CREATE INDEX dedicated_charges_user_idx ON dedicated_charges (user_id, paid_at DESC);

-- Suspense items resolved by staff (the console's Suspense page): assigned to a plan or penalty of
-- a motorist (the payment it became), or refunded (the refund's reference at the provider or bank).
ALTER TABLE suspense_items
  ADD COLUMN resolved_by uuid REFERENCES users(id),
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolution_note text,
  ADD COLUMN payment_kind text CHECK (payment_kind IN ('subscription', 'penalty')),
  ADD COLUMN payment_id uuid,
  ADD COLUMN receipt_no text,
  ADD COLUMN refund_reference text,
  ADD CONSTRAINT suspense_items_resolved CHECK ((status = 'open') = (resolved_at IS NULL)),
  ADD CONSTRAINT suspense_items_assigned CHECK ((status = 'assigned') = (payment_id IS NOT NULL)),
  ADD CONSTRAINT suspense_items_refunded CHECK ((status = 'refunded') = (refund_reference IS NOT NULL));
-- The Suspense page's lists: by status, and all, newest first.
CREATE INDEX suspense_items_status_idx ON suspense_items (status, received_at DESC, id DESC);
CREATE INDEX suspense_items_received_idx ON suspense_items (received_at DESC, id DESC);

-- The text giving a motorist their account's number and bank: once per motorist.
ALTER TABLE sms_messages DROP CONSTRAINT sms_messages_kind_check;
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_kind_check CHECK (kind IN ('receipt', 'expiry_reminder', 'dispute_outcome', 'dedicated_account'));
CREATE UNIQUE INDEX sms_messages_account_once ON sms_messages (motorist_id) WHERE kind = 'dedicated_account';

-- Each Lagos day's settlement match: what the provider says (its successful transactions, its
-- settlements, its fees) against what the ledger credited to clearing:online that day. Run again,
-- a day's row is replaced (the provider's figures can still change until it settles).
CREATE TABLE settlement_days (
  day               date PRIMARY KEY,
  provider          text NOT NULL,
  ran_at            timestamptz NOT NULL,
  provider_count    integer NOT NULL,
  provider_kobo     bigint NOT NULL,
  ledger_count      integer NOT NULL,
  ledger_kobo       bigint NOT NULL,
  fees_kobo         bigint NOT NULL,
  settled_kobo      bigint NOT NULL,
  -- The sum of the differences' absolute amounts, fees excepted: 0 on a clean day.
  unexplained_kobo  bigint NOT NULL CHECK (unexplained_kobo >= 0),
  -- Each difference: { kind: 'ledger-only' | 'provider-only' | 'amount-differs' | 'fees', reference, ledgerKobo, providerKobo, message }.
  differences       jsonb NOT NULL DEFAULT '[]'
);
-- The match reads the day's lines on the provider's clearing account (only those: a cash payment's
-- posting pays nothing for this index).
CREATE INDEX ledger_lines_online_idx ON ledger_lines (entry_id) WHERE account_code = 'clearing:online';

-- Issue 43: motorists pay online through a provider (Paystack; docs/online-payments.md).

-- The user online payments are recorded under (a payment names a remitter) is written by the
-- online-payments module before its first credit, not here: the first start's super-admin is
-- created only on a database without users (seed-admin.ts).

-- Checkouts the server initialised: the amount, currency and item are the server's, the reference
-- unguessable. A payment is credited only when the provider's word matches this row.
CREATE TABLE online_payments (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider     text NOT NULL,
  reference    text NOT NULL,
  motorist_id  uuid NOT NULL REFERENCES users(id),
  kind         text NOT NULL CHECK (kind IN ('subscription', 'penalty')),
  plan_id      uuid,
  amount_kobo  bigint NOT NULL CHECK (amount_kobo > 0),
  currency     text NOT NULL DEFAULT 'NGN',
  -- The phone the payer asked the receipt text to go to (else the motorist's).
  phone        text,
  status       text NOT NULL DEFAULT 'initialised' CHECK (status IN ('initialised', 'credited', 'failed', 'abandoned', 'suspense')),
  -- Why it ended as it did (a suspense reason, the provider's status).
  outcome      text,
  receipt_no   text,
  channel      text,
  created_at   timestamptz NOT NULL,
  -- When the verify job last asked the provider, and when the payment reached its end.
  checked_at   timestamptz,
  settled_at   timestamptz,
  CONSTRAINT online_payments_reference_unique UNIQUE (provider, reference)
);
-- The verify job: initialised payments, oldest first.
CREATE INDEX online_payments_pending_idx ON online_payments (created_at) WHERE status = 'initialised';
CREATE INDEX online_payments_motorist_idx ON online_payments (motorist_id, created_at DESC);

-- Every webhook received, verified or not: the raw body as received, the signature's verdict, when it
-- came and when it was applied, with what outcome. A verified event is kept once per (provider, event,
-- reference); repeats count in deliveries.
CREATE TABLE payment_webhook_events (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider      text NOT NULL,
  event         text NOT NULL,
  reference     text NOT NULL,
  raw_body      text NOT NULL,
  signature_ok  boolean NOT NULL,
  remote_address text,
  deliveries    integer NOT NULL DEFAULT 1,
  received_at   timestamptz NOT NULL,
  last_received_at timestamptz NOT NULL,
  processed_at  timestamptz,
  outcome       text
);
CREATE UNIQUE INDEX payment_webhook_events_once ON payment_webhook_events (provider, event, reference) WHERE signature_ok;
-- The sweep: verified events not applied yet (a process stopped between keeping and applying).
CREATE INDEX payment_webhook_events_pending_idx ON payment_webhook_events (received_at) WHERE signature_ok AND processed_at IS NULL;
CREATE INDEX payment_webhook_events_received_idx ON payment_webhook_events (received_at DESC);

-- Money that arrived and matches nothing it could pay: held in the ledger's suspense account until
-- staff assign it to a plan or penalty, or refund it. Once per provider reference.
CREATE TABLE suspense_items (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider     text NOT NULL,
  reference    text NOT NULL,
  amount_kobo  bigint NOT NULL CHECK (amount_kobo > 0),
  currency     text NOT NULL,
  -- unmatched, amount, currency, refused (the motorist may not pay now), …
  reason       text NOT NULL,
  detail       text NOT NULL DEFAULT '',
  motorist_id  uuid REFERENCES users(id),
  -- Who sent it, as the provider says (a transfer's sender name and bank).
  payer        text,
  channel      text,
  occurred_at  timestamptz NOT NULL,
  received_at  timestamptz NOT NULL,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'assigned', 'refunded')),
  CONSTRAINT suspense_items_reference_unique UNIQUE (provider, reference)
);
CREATE INDEX suspense_items_open_idx ON suspense_items (received_at DESC, id DESC) WHERE status = 'open';

-- Tickets: plans, penalty charges, ticket subscriptions, scans, payments. See DESIGN.md section 4.
-- Money is integer kobo (bigint) everywhere; the API speaks naira.

-- The grace period after a subscription expires, in days.
INSERT INTO settings (key, value) VALUES ('subscription_grace_days', '3') ON CONFLICT (key) DO NOTHING;

-- Subscription plans: one per name and vehicle type among plans not deleted. Deleting is soft, so
-- subscriptions and payments that name a plan keep their history.
CREATE TABLE subscription_plans (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL CHECK (name IN ('daily','weekly','monthly','3 months','6 months','yearly')),
  vehicle_type  text NOT NULL CHECK (vehicle_type IN ('keke','bus','bike')),
  price_kobo    bigint NOT NULL CHECK (price_kobo > 0),
  is_deleted    boolean NOT NULL DEFAULT false,
  deleted_at    timestamptz,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX subscription_plans_name_unique ON subscription_plans (name, vehicle_type) WHERE NOT is_deleted;
CREATE INDEX subscription_plans_type_idx ON subscription_plans (vehicle_type) WHERE NOT is_deleted;

-- Penalty charges: one per vehicle type, added to an expired motorist's outstanding payment on a scan.
CREATE TABLE penalty_charges (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  vehicle_type  text NOT NULL CHECK (vehicle_type IN ('keke','bus','bike')),
  price_kobo    bigint NOT NULL CHECK (price_kobo > 0),
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  CONSTRAINT penalty_charges_vehicle_type_unique UNIQUE (vehicle_type)
);

-- One ticket subscription per motorist. Its status is derived from time:
--   paused_at set                          → paused (paused_remaining_ms frozen: expires_at - paused_at)
--   now <  expires_at                      → active
--   now <  expires_at + grace period       → grace
--   otherwise                              → expired
CREATE TABLE ticket_subscriptions (
  id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                   uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_id                   uuid REFERENCES subscription_plans(id),
  expires_at                timestamptz NOT NULL,
  paused_at                 timestamptz,
  paused_remaining_ms       bigint,
  accumulated               integer NOT NULL DEFAULT 0 CHECK (accumulated >= 0),
  accumulated_amount_kobo   bigint NOT NULL DEFAULT 0 CHECK (accumulated_amount_kobo >= 0),
  outstanding_penalty_kobo  bigint NOT NULL DEFAULT 0 CHECK (outstanding_penalty_kobo >= 0),
  created_at                timestamptz NOT NULL,
  renewed_at                timestamptz,
  updated_at                timestamptz NOT NULL,
  CONSTRAINT ticket_subscriptions_user_id_unique UNIQUE (user_id),
  CONSTRAINT ticket_subscriptions_paused_check CHECK ((paused_at IS NULL) = (paused_remaining_ms IS NULL))
);
CREATE INDEX ticket_subscriptions_plan_idx ON ticket_subscriptions (plan_id);
CREATE INDEX ticket_subscriptions_expires_idx ON ticket_subscriptions (expires_at);

-- Every change of a motorist's outstanding penalty made by staff (POST /api/specificPenalty).
CREATE TABLE penalty_adjustments (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id  uuid NOT NULL REFERENCES ticket_subscriptions(id) ON DELETE CASCADE,
  previous_kobo    bigint NOT NULL,
  new_kobo         bigint NOT NULL,
  adjusted_by      uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz NOT NULL
);
CREATE INDEX penalty_adjustments_subscription_idx ON penalty_adjustments (subscription_id, created_at DESC);

-- Scans by enforcers: the subscription as it stood at the scan. penalty_day is the Lagos day when
-- this scan added a penalty; the partial unique index lets at most one scan per motorist per day do so.
CREATE TABLE scans (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  motorist_id           uuid NOT NULL REFERENCES users(id),
  agent_id              uuid NOT NULL REFERENCES users(id),
  subscription_id       uuid NOT NULL REFERENCES ticket_subscriptions(id),
  vehicle_type          text NOT NULL CHECK (vehicle_type IN ('keke','bus','bike')),
  plate_number          text,
  subscription_status   text NOT NULL CHECK (subscription_status IN ('active','grace','expired','paused')),
  expires_at            timestamptz NOT NULL,
  outstanding_kobo      bigint NOT NULL CHECK (outstanding_kobo >= 0),
  penalty_added_kobo    bigint NOT NULL DEFAULT 0 CHECK (penalty_added_kobo >= 0),
  penalty_day           date,
  created_at            timestamptz NOT NULL,
  CONSTRAINT scans_penalty_day_check CHECK ((penalty_day IS NULL) = (penalty_added_kobo = 0))
);
CREATE UNIQUE INDEX scans_penalty_once_per_day ON scans (motorist_id, penalty_day) WHERE penalty_day IS NOT NULL;
CREATE INDEX scans_created_idx ON scans (created_at DESC, id DESC);
CREATE INDEX scans_motorist_created_idx ON scans (motorist_id, created_at DESC);
CREATE INDEX scans_agent_created_idx ON scans (agent_id, created_at DESC);
CREATE INDEX scans_status_created_idx ON scans (subscription_status, created_at DESC);
CREATE INDEX scans_type_created_idx ON scans (vehicle_type, created_at DESC);

-- Subscription payments recorded by remitters. Plan name, vehicle type and amount are copied at
-- payment time, so editing or deleting a plan never rewrites history.
CREATE TABLE subscription_payments (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  motorist_id       uuid NOT NULL REFERENCES users(id),
  remitter_id       uuid NOT NULL REFERENCES users(id),
  subscription_id   uuid NOT NULL REFERENCES ticket_subscriptions(id),
  plan_id           uuid NOT NULL REFERENCES subscription_plans(id),
  plan_name         text NOT NULL,
  vehicle_type      text NOT NULL CHECK (vehicle_type IN ('keke','bus','bike')),
  amount_kobo       bigint NOT NULL CHECK (amount_kobo > 0),
  mode_of_payment   text NOT NULL,
  bank_name         text,
  status            text NOT NULL DEFAULT 'success' CHECK (status IN ('success','pending','failed')),
  expires_before    timestamptz NOT NULL,
  expires_after     timestamptz NOT NULL,
  idempotency_key   text NOT NULL,
  created_at        timestamptz NOT NULL
);
CREATE INDEX subscription_payments_created_idx ON subscription_payments (created_at DESC, id DESC);
CREATE INDEX subscription_payments_motorist_created_idx ON subscription_payments (motorist_id, created_at DESC);
CREATE INDEX subscription_payments_remitter_created_idx ON subscription_payments (remitter_id, created_at DESC);
CREATE INDEX subscription_payments_type_created_idx ON subscription_payments (vehicle_type, created_at DESC);

-- Penalty payments recorded by remitters; never more than the motorist owed.
CREATE TABLE penalty_payments (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  motorist_id       uuid NOT NULL REFERENCES users(id),
  remitter_id       uuid NOT NULL REFERENCES users(id),
  subscription_id   uuid NOT NULL REFERENCES ticket_subscriptions(id),
  plan_id           uuid REFERENCES subscription_plans(id),
  plan_name         text,
  vehicle_type      text NOT NULL CHECK (vehicle_type IN ('keke','bus','bike')),
  amount_kobo       bigint NOT NULL CHECK (amount_kobo > 0),
  mode_of_payment   text NOT NULL,
  bank_name         text,
  status            text NOT NULL DEFAULT 'success' CHECK (status IN ('success','pending','failed')),
  outstanding_before_kobo bigint NOT NULL,
  outstanding_after_kobo  bigint NOT NULL CHECK (outstanding_after_kobo >= 0),
  idempotency_key   text NOT NULL,
  created_at        timestamptz NOT NULL
);
CREATE INDEX penalty_payments_created_idx ON penalty_payments (created_at DESC, id DESC);
CREATE INDEX penalty_payments_motorist_created_idx ON penalty_payments (motorist_id, created_at DESC);
CREATE INDEX penalty_payments_remitter_created_idx ON penalty_payments (remitter_id, created_at DESC);
CREATE INDEX penalty_payments_type_created_idx ON penalty_payments (vehicle_type, created_at DESC);

-- Idempotency keys of the payment calls, per agent: the first request claims the key (in the same
-- transaction as its payment) and stores its answer; a repeat answers that again.
CREATE TABLE idempotency_keys (
  agent_id      uuid NOT NULL REFERENCES users(id),
  key           text NOT NULL,
  operation     text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer,
  response      jsonb,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (agent_id, key)
);

-- Record searches match the start of a Unique ID; this index serves `user_code LIKE 'abc%'`.
CREATE INDEX users_user_code_pattern_idx ON users (user_code text_pattern_ops);

-- Motorists registered before this migration get their subscription now (nothing paid yet: it
-- expired when they registered). New motorists get one when they register.
INSERT INTO ticket_subscriptions (user_id, expires_at, created_at, updated_at)
SELECT id, created_at, created_at, created_at FROM users WHERE role = 'motorist'
ON CONFLICT (user_id) DO NOTHING;

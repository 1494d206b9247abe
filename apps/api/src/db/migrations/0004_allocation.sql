-- Revenue allocation (issue 5): stakeholder allocations of partner unions, payouts recorded against
-- them, and the offline directory of known bank accounts. See DESIGN.md section 4.

-- The offline bank provider's directory: account names it can answer without Paystack.
CREATE TABLE bank_accounts_directory (
  bank_code       text NOT NULL CHECK (bank_code ~ '^[0-9]{3,6}$'),
  account_number  text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name    text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 200),
  PRIMARY KEY (bank_code, account_number)
);

-- Demo accounts (valid NUBAN check digits) so the allocation modal works out of the box offline.
INSERT INTO bank_accounts_directory (bank_code, account_number, account_name) VALUES
  ('044', '1482039577', 'LAGOS KEKE RIDERS UNION'),
  ('058', '2274103851', 'LAGOS BUS OPERATORS UNION'),
  ('033', '3105827460', 'LAGOS BIKE RIDERS ASSOCIATION'),
  ('057', '4019372640', 'LAGOS STATE REVENUE ACCOUNT'),
  ('011', '3051186420', 'E-TICKETING SHAREHOLDERS TRUST'),
  ('070', '5620193847', 'ROAD TRANSPORT WORKERS COOPERATIVE'),
  ('232', '0084712539', 'PARKING OPERATORS ASSOCIATION'),
  ('035', '0263185478', 'COMMUNITY TRANSPORT DEVELOPMENT FUND')
ON CONFLICT DO NOTHING;

-- One allocation per partner union (a user with role 'union'). The percentage is kept in tenths of a
-- percent (1 = 0.1 %, 800 = 80 %); the sum over all rows never exceeds 1000 (100 %), which the
-- service enforces under a transaction-scoped advisory lock (see modules/allocation/repository.ts).
CREATE TABLE stakeholders (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  union_id           uuid NOT NULL REFERENCES users(id),
  percentage_tenths  integer NOT NULL CHECK (percentage_tenths BETWEEN 1 AND 800),
  bank_code          text NOT NULL CHECK (bank_code ~ '^[0-9]{3,6}$'),
  bank_name          text NOT NULL,
  account_number     text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name       text NOT NULL,
  created_by         uuid NOT NULL REFERENCES users(id),
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  CONSTRAINT stakeholders_union_id_unique UNIQUE (union_id)
);
CREATE INDEX stakeholders_created_idx ON stakeholders (created_at, id);

-- Payouts made to a stakeholder's account: amount in kobo, the Lagos date it was paid, the bank's
-- reference (unique per stakeholder, so one transfer is never recorded twice).
CREATE TABLE stakeholder_payouts (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  stakeholder_id  uuid NOT NULL REFERENCES stakeholders(id),
  amount_kobo     bigint NOT NULL CHECK (amount_kobo > 0),
  paid_on         date NOT NULL,
  reference       text NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  recorded_by     uuid NOT NULL REFERENCES users(id),
  created_at      timestamptz NOT NULL,
  CONSTRAINT stakeholder_payouts_reference_unique UNIQUE (stakeholder_id, reference)
);
-- Sums and lists per stakeholder over a date range; and over all stakeholders for a range.
CREATE INDEX stakeholder_payouts_stakeholder_day_idx ON stakeholder_payouts (stakeholder_id, paid_on DESC, created_at DESC) INCLUDE (amount_kobo);
CREATE INDEX stakeholder_payouts_day_idx ON stakeholder_payouts (paid_on) INCLUDE (stakeholder_id, amount_kobo);

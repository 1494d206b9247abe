-- People: one table for everyone (staff, agents, motorists). See DESIGN.md section 4.
CREATE TABLE users (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_code           text NOT NULL CONSTRAINT users_user_code_unique UNIQUE,
  full_name           text NOT NULL,
  email               text NOT NULL,
  phone               text NOT NULL,
  password_hash       text NOT NULL,
  role                text NOT NULL,
  agent_role          text,
  department          text,
  union_role          text,
  union_name          text,
  is_motorist         boolean NOT NULL DEFAULT false,
  registration_status text NOT NULL DEFAULT 'pending',
  online              boolean NOT NULL DEFAULT false,
  last_login          timestamptz,
  is_deleted          boolean NOT NULL DEFAULT false,
  added_by            uuid REFERENCES users(id),
  approved_by         uuid REFERENCES users(id),
  suspended_by        uuid REFERENCES users(id),
  token_version       integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_role_check CHECK (role IN ('super-admin','admin','manager','union','user','registrar','enforcer','remitter','motorist')),
  CONSTRAINT users_status_check CHECK (registration_status IN ('pending','approved','suspended')),
  CONSTRAINT users_user_code_check CHECK (user_code ~ '^[a-z0-9]{8,}$')
);
-- Emails identify a sign-in; unique among people not deleted.
CREATE UNIQUE INDEX users_email_unique ON users (email) WHERE NOT is_deleted;
CREATE INDEX users_role_created_idx ON users (role, created_at DESC);

-- Personal details shown on the profile and detail pages.
CREATE TABLE user_profiles (
  user_id        uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  address        text,
  marital_status text,
  gender         text,
  dob            date,
  route          text,
  serial_id      text,
  id_type        text,
  id_front_file  text,
  id_back_file   text,
  portrait_file  text
);

-- Password reset codes: stored as an HMAC, single use, limited tries, short-lived.
CREATE TABLE password_resets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  tries       integer NOT NULL DEFAULT 0,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at DESC);

-- Sign-in throttling, shared by every API process.
CREATE TABLE auth_throttle (
  key           text PRIMARY KEY,
  failures      integer NOT NULL DEFAULT 0,
  window_start  timestamptz NOT NULL,
  blocked_until timestamptz
);

-- Server-wide settings (e.g. the generated JWT secret is NOT kept here; it lives in DATA_DIR).
CREATE TABLE settings (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

-- Vehicles of motorists (one each).
CREATE TABLE vehicles (
  user_id       uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  plate_number  text NOT NULL,
  vehicle_model text,
  vehicle_type  text NOT NULL CHECK (vehicle_type IN ('keke','bus','bike'))
);
CREATE UNIQUE INDEX vehicles_plate_number_unique ON vehicles (plate_number);
CREATE INDEX vehicles_type_idx ON vehicles (vehicle_type);

-- Guarantors of managers and field agents.
CREATE TABLE guarantors (
  user_id     uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name        text NOT NULL,
  phone       text NOT NULL,
  address     text NOT NULL,
  id_type     text,
  front_file  text,
  back_file   text
);

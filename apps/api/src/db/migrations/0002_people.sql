-- People: registration, lists, approval (issue 3). See DESIGN.md section 4.

-- Phone numbers identify people as emails do: unique among people not deleted.
-- (Named <table>_<column>_unique so a duplicate answers "phone is already in use".)
CREATE UNIQUE INDEX users_phone_unique ON users (phone) WHERE NOT is_deleted;

-- List search: case-insensitive "contains" over full name, email, phone and Unique ID, served by a
-- trigram index. pg_trgm lives in public so every schema (tests use one each) finds it there;
-- PGlite loads it at start (db/connect.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
ALTER TABLE users
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(full_name || ' ' || email || ' ' || phone || ' ' || user_code)) STORED;
CREATE INDEX users_search_trgm_idx ON users USING gin (search_text public.gin_trgm_ops) WHERE NOT is_deleted;

-- Lists filtered by status (search 'pending', 'approved', …), newest first.
CREATE INDEX users_role_status_created_idx ON users (role, registration_status, created_at DESC) WHERE NOT is_deleted;
-- The union list shows two roles (union, user), newest first: one index in that order.
CREATE INDEX users_union_list_idx ON users (created_at DESC, id DESC) WHERE role IN ('union', 'user') AND NOT is_deleted;

-- Who added, approved, suspended whom (registrar performance counts added_by).
CREATE INDEX users_added_by_idx ON users (added_by, created_at DESC);

-- The plan a motorist asked for at registration; the subscriptions capability opens the ticket
-- subscription from it.
ALTER TABLE vehicles
  ADD COLUMN requested_plan text
  CONSTRAINT vehicles_requested_plan_check CHECK (requested_plan IN ('daily','weekly','monthly','3 months','6 months','yearly'));

-- Password-reset requests wait here for the mail worker: the request itself only writes this row
-- (the same work for a known email and an unknown one), and a worker in whichever process claims it
-- makes the code and sends the mail. `id` is the reset's id, which the asking browser's cookie holds.
CREATE TABLE reset_requests (
  id           uuid PRIMARY KEY,
  email        text NOT NULL,
  requested_at timestamptz NOT NULL,
  -- Set when a worker takes the row; another may take it again only after a lease (the worker died).
  claimed_at   timestamptz
);
CREATE INDEX reset_requests_requested_idx ON reset_requests (requested_at);

-- Field app (issue 22). Scans and payments made on a phone carry the time they were captured (their
-- created_at, at which the levy's rules apply) and reach the server later: received_at is when the
-- server recorded them. A scan keeps where it was made when the agent allowed location.

ALTER TABLE scans ADD COLUMN received_at timestamptz;
ALTER TABLE scans ADD COLUMN latitude double precision;
ALTER TABLE scans ADD COLUMN longitude double precision;
ALTER TABLE scans ADD COLUMN location_accuracy real;
ALTER TABLE subscription_payments ADD COLUMN received_at timestamptz;
ALTER TABLE penalty_payments ADD COLUMN received_at timestamptz;

-- The compliance list's refresh reads the subscriptions changed since its last copy.
CREATE INDEX ticket_subscriptions_updated_idx ON ticket_subscriptions (updated_at);

-- An agent types a plate in any case and spacing: 'lag 123 ab' finds 'LAG-123-AB'.
CREATE INDEX vehicles_plate_key_idx ON vehicles ((upper(regexp_replace(plate_number, '[[:space:]-]+', '', 'g'))));

-- Receipt numbers (DESIGN.md, Money; the format and its check: packages/contracts/src/receipts.ts).
-- Every subscription and penalty payment has one: the kind (S or P), 10 random characters of
-- Crockford's base 32 without Z (31 characters), and a check character, shown as S7KQ-2M9X-D4HP.
-- The server makes them when it records a payment; these functions fill the payments recorded
-- before, and are the columns' defaults for anything that inserts payments in bulk.

-- The check character of kind + random part: sum of i * value(i) over the 12 positions is 0 mod 31.
CREATE FUNCTION receipt_check_char(body text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT substr('0123456789ABCDEFGHJKMNPQRSTVWXY'::text,
                ((((31 - sum(i * (strpos('0123456789ABCDEFGHJKMNPQRSTVWXY', substr(body, i, 1)) - 1)) % 31) % 31) * 13) % 31 + 1)::integer, 1)
  FROM generate_series(1, length(body)) AS i
$$;

-- A new receipt number of a kind ('S' or 'P'). The randomness is gen_random_uuid()'s (a strong
-- source), skipping the version and variant bytes; bytes of 248 and above are drawn again (no bias).
CREATE FUNCTION new_receipt_no(kind text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXY';
  body text := kind;
  bytes bytea;
  b integer;
BEGIN
  WHILE length(body) < 11 LOOP
    bytes := uuid_send(gen_random_uuid());
    FOR i IN 0..15 LOOP
      CONTINUE WHEN i IN (6, 8);
      b := get_byte(bytes, i);
      IF b < 248 AND length(body) < 11 THEN
        body := body || substr(alphabet, b % 31 + 1, 1);
      END IF;
    END LOOP;
  END LOOP;
  body := body || receipt_check_char(body);
  RETURN substr(body, 1, 4) || '-' || substr(body, 5, 4) || '-' || substr(body, 9, 4);
END
$$;

-- A volatile default is evaluated for every existing row when the column is added.
ALTER TABLE subscription_payments ADD COLUMN receipt_no text NOT NULL DEFAULT new_receipt_no('S');
ALTER TABLE penalty_payments ADD COLUMN receipt_no text NOT NULL DEFAULT new_receipt_no('P');

-- Two rows drawing the same number (about 1 in 400 for two million rows) draw again.
DO $$
BEGIN
  LOOP
    UPDATE subscription_payments SET receipt_no = new_receipt_no('S')
    WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY receipt_no ORDER BY id) AS n FROM subscription_payments) AS d WHERE n > 1);
    EXIT WHEN NOT FOUND;
  END LOOP;
  LOOP
    UPDATE penalty_payments SET receipt_no = new_receipt_no('P')
    WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY receipt_no ORDER BY id) AS n FROM penalty_payments) AS d WHERE n > 1);
    EXIT WHEN NOT FOUND;
  END LOOP;
END
$$;

CREATE UNIQUE INDEX subscription_payments_receipt_no_unique ON subscription_payments (receipt_no);
CREATE UNIQUE INDEX penalty_payments_receipt_no_unique ON penalty_payments (receipt_no);

-- The receipt of a motorist's last subscription payment, for the details page's subscription block.
ALTER TABLE ticket_subscriptions ADD COLUMN last_receipt_no text;
UPDATE ticket_subscriptions AS t SET last_receipt_no = p.receipt_no
FROM (SELECT DISTINCT ON (subscription_id) subscription_id, receipt_no FROM subscription_payments ORDER BY subscription_id, created_at DESC, id DESC) AS p
WHERE p.subscription_id = t.id;

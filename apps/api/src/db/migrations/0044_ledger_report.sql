-- The Books report (issue 42; docs/ledger.md "The Books report"): each Lagos day's debits and
-- credits per account and entry kind, kept by a trigger on the lines, so a month's report (and its
-- opening balance, the sum of every day before it) reads a few thousand rows, never the millions
-- of lines. A day is the Lagos day of the entry's occurred_at (when the money moved), not of
-- posted_at. Remitters' tills and agents' shortages are summed by kind ('till', 'shortage'): one
-- row of a day for all of them, not one per person. On 8 shards like ledger_balances: every
-- payment of a day adds to the same till and revenue rows, and concurrent payments must not wait
-- for one another's row.
CREATE TABLE ledger_day_totals (
  day           date NOT NULL,
  account_group text NOT NULL,
  entry_kind    text NOT NULL,
  shard         smallint NOT NULL,
  debits_kobo   bigint NOT NULL,
  credits_kobo  bigint NOT NULL,
  PRIMARY KEY (day, account_group, entry_kind, shard)
);

-- A line's row in the report: its account, or its kind for a personal till or shortage account.
CREATE FUNCTION ledger_account_group(p_code text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_code LIKE 'till:%' THEN 'till' WHEN p_code LIKE 'shortage:%' THEN 'shortage' ELSE p_code END
$$;

-- Once per statement, after ledger_lines_added (triggers fire by name) has refused an unbalanced
-- entry. Rows are taken in key order, so two transactions adding to the same rows lock them in the
-- same order.
CREATE FUNCTION ledger_lines_dated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_totals AS t (day, account_group, entry_kind, shard, debits_kobo, credits_kobo)
  SELECT (e.occurred_at AT TIME ZONE 'Africa/Lagos')::date, ledger_account_group(a.account_code), e.kind, s.shard,
         coalesce(sum(a.amount_kobo) FILTER (WHERE a.amount_kobo > 0), 0),
         coalesce(-sum(a.amount_kobo) FILTER (WHERE a.amount_kobo < 0), 0)
  FROM added a JOIN ledger_entries e ON e.id = a.entry_id, (SELECT floor(random() * 8)::smallint AS shard) s
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, account_group, entry_kind, shard) DO UPDATE
    SET debits_kobo = t.debits_kobo + EXCLUDED.debits_kobo, credits_kobo = t.credits_kobo + EXCLUDED.credits_kobo;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_lines_dated AFTER INSERT ON ledger_lines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_dated();

-- The lines posted so far (0042's backfill and every entry since), counted afresh.
INSERT INTO ledger_day_totals (day, account_group, entry_kind, shard, debits_kobo, credits_kobo)
SELECT (e.occurred_at AT TIME ZONE 'Africa/Lagos')::date, ledger_account_group(l.account_code), e.kind, 0,
       coalesce(sum(l.amount_kobo) FILTER (WHERE l.amount_kobo > 0), 0),
       coalesce(-sum(l.amount_kobo) FILTER (WHERE l.amount_kobo < 0), 0)
FROM ledger_lines l JOIN ledger_entries e ON e.id = l.entry_id
GROUP BY 1, 2, 3;

-- A past day's shards folded into shard 0 (the ledger-day-totals-compact job, hourly, for the days
-- before yesterday): a year is then ~one row per day, account and entry kind, not eight, and a
-- report's opening reads that many. A late capture of an old day adds to a shard again; the next
-- run folds it. One statement: a payment adding to a row being folded waits for it, then adds anew.
CREATE FUNCTION ledger_day_totals_compact(p_before date) RETURNS bigint LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM ledger_day_totals WHERE day < p_before AND shard <> 0
    RETURNING day, account_group, entry_kind, debits_kobo, credits_kobo),
  added AS (
    INSERT INTO ledger_day_totals AS t (day, account_group, entry_kind, shard, debits_kobo, credits_kobo)
    SELECT day, account_group, entry_kind, 0, sum(debits_kobo), sum(credits_kobo) FROM folded
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (day, account_group, entry_kind, shard) DO UPDATE
      SET debits_kobo = t.debits_kobo + EXCLUDED.debits_kobo, credits_kobo = t.credits_kobo + EXCLUDED.credits_kobo
    RETURNING 1)
  SELECT count(*) FROM folded
$$;

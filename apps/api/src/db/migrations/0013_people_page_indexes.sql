-- People lists at depth (issue 6): a page's ids were read from (role, created_at) indexes that hold
-- neither the id the order ends on nor whether the person is deleted, so every row the offset passed
-- was fetched from the table and the ids re-sorted: page 50,000 of the motorists took 2.9 s. These
-- hold the whole order and what the list filters on, so the offset walks the index alone, from
-- either end (pages past the middle are read from the oldest end).
CREATE INDEX users_live_role_page_idx ON users (role, created_at DESC, id DESC) INCLUDE (registration_status)
  WHERE NOT is_deleted;
CREATE INDEX users_live_role_status_page_idx ON users (role, registration_status, created_at DESC, id DESC)
  WHERE NOT is_deleted;
-- Its columns lead the one above.
DROP INDEX users_role_status_created_idx;

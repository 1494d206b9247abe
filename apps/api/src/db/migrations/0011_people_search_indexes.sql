-- People search (issue 6): one trigram index over everyone made a search in a list of a few thousand
-- agents build a bitmap of every motorist matching too (a common surname: 33,000 of 1,000,000)
-- before keeping the agents. Motorists and everyone else now have trigram indexes of their own, so
-- a search reads only the index of the list it is in.
CREATE INDEX users_motorist_search_trgm_idx ON users USING gin (search_text public.gin_trgm_ops)
  WHERE role = 'motorist' AND NOT is_deleted;
CREATE INDEX users_staff_search_trgm_idx ON users USING gin (search_text public.gin_trgm_ops)
  WHERE role <> 'motorist' AND NOT is_deleted;
DROP INDEX users_search_trgm_idx;

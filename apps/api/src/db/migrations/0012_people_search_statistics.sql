-- People search (issue 6): the planner guesses how many people a "contains" search matches from a
-- sample of search_text values, 100 by default. A common surname (1 motorist in 30) that happens to
-- miss the sample is guessed at 1 in 10,000, so a list's first page sorted all 33,000 matches
-- (50-200 ms) instead of walking the newest people until 10 match (a few ms). A sample of 1,000
-- values holds such a name about 30 times.
ALTER TABLE users ALTER COLUMN search_text SET STATISTICS 1000;
ANALYZE users;

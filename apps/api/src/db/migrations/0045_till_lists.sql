-- The Tills page's reads (issue 42; modules/till-lists): the Variances tab (approved closes whose
-- count differed, newest first) and the remitter dashboard's variances this month (by decision
-- time). Few rows each: partial indexes, so neither walks every approved close.
CREATE INDEX till_closes_variance_idx ON till_closes (received_at DESC, id DESC) WHERE status = 'approved' AND variance_kobo <> 0;
CREATE INDEX till_closes_variance_decided_idx ON till_closes (decided_at) INCLUDE (variance_kobo) WHERE status = 'approved' AND variance_kobo <> 0;

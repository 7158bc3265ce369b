-- No change: migrations 0014–0017 were written by hand; this migration only records in meta/ the schema
-- they make, so that the next generated migration compares with it.
SELECT 1;

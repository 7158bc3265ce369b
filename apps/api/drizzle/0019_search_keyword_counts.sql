-- Draft: list count reads and search keyword counts (decision 0025).
SELECT 1;

-- Trucks and return loads (issue 32): filled by the trucks work
SELECT 1;

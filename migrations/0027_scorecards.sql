-- Scorecards (issue 30): filled by the scorecards work
SELECT 1;

-- What a notification type carries beyond its words, for the app (contract-network:
-- a truck_offer found by matching has "match": true in its data). Null for most types.
ALTER TABLE "notifications" ADD COLUMN "data" jsonb;

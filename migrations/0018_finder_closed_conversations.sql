ALTER TABLE "gps_pings" ADD COLUMN "closed_by_finder_at" timestamp with time zone;--> statement-breakpoint
-- Claims rejected so far closed their conversation then.
UPDATE "gps_pings" SET "closed_by_finder_at" = c."rejected_at"
FROM "found_report_claims" c
WHERE c."finder_report_id" = "gps_pings"."id" AND c."rejected_at" IS NOT NULL;

-- A claim's report carried a line of ours as if the finder had written it ('Found-pet report: {link}').
-- The owners' profile and the finder's page now link the found pet from the claim itself.
UPDATE "gps_pings" SET "message" = NULL
WHERE "message" LIKE 'Found-pet report: %'
  AND "id" IN (SELECT "finder_report_id" FROM "found_report_claims" WHERE "finder_report_id" IS NOT NULL);

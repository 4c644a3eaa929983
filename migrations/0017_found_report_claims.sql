CREATE TABLE "found_report_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"found_report_id" uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"finder_report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "found_reports" DROP CONSTRAINT "found_reports_claimed_pet_id_pets_id_fk";
--> statement-breakpoint
ALTER TABLE "found_reports" DROP CONSTRAINT "found_reports_finder_report_id_gps_pings_id_fk";
--> statement-breakpoint
DROP INDEX "found_reports_claimed_pet_id_idx";--> statement-breakpoint
ALTER TABLE "found_report_claims" ADD CONSTRAINT "found_report_claims_found_report_id_found_reports_id_fk" FOREIGN KEY ("found_report_id") REFERENCES "public"."found_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_report_claims" ADD CONSTRAINT "found_report_claims_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_report_claims" ADD CONSTRAINT "found_report_claims_finder_report_id_gps_pings_id_fk" FOREIGN KEY ("finder_report_id") REFERENCES "public"."gps_pings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "found_report_claims_report_pet_idx" ON "found_report_claims" USING btree ("found_report_id","pet_id");--> statement-breakpoint
CREATE INDEX "found_report_claims_pet_id_idx" ON "found_report_claims" USING btree ("pet_id");--> statement-breakpoint
-- Each report claimed so far becomes its one claim, with the finder report it filed.
INSERT INTO "found_report_claims" ("found_report_id", "pet_id", "finder_report_id", "created_at")
SELECT "id", "claimed_pet_id", "finder_report_id", coalesce((SELECT min(g."created_at") FROM "gps_pings" g WHERE g."id" = "found_reports"."finder_report_id"), now())
FROM "found_reports" WHERE "claimed_pet_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "found_reports" DROP COLUMN "claimed_pet_id";--> statement-breakpoint
ALTER TABLE "found_reports" DROP COLUMN "finder_report_id";
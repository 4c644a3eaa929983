-- Possible matches between found and missing pets, and the index that finds missing pets near a found one by their exact point.
CREATE TABLE "pet_matches" (
	"pet_id" uuid NOT NULL,
	"found_report_id" uuid NOT NULL,
	"score" double precision NOT NULL,
	"reasons" text[] NOT NULL,
	"status" varchar(10) DEFAULT 'proposed' NOT NULL,
	"alerted" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_matches_pet_id_found_report_id_pk" PRIMARY KEY("pet_id","found_report_id"),
	CONSTRAINT "pet_matches_status_check" CHECK ("pet_matches"."status" in ('proposed', 'dismissed', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "pet_matches" ADD CONSTRAINT "pet_matches_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_matches" ADD CONSTRAINT "pet_matches_found_report_id_found_reports_id_fk" FOREIGN KEY ("found_report_id") REFERENCES "public"."found_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_matches_found_report_id_idx" ON "pet_matches" USING btree ("found_report_id");--> statement-breakpoint
CREATE INDEX "pets_missing_point_idx" ON "pets" USING gist (ll_to_earth("last_seen_lat", "last_seen_lng")) WHERE is_missing and last_seen_lat is not null;
-- Found-pet reports (a pet found without a tag) and their photos. cube and earthdistance come from
-- migration 0010; the cell columns are pets' last_seen_cell rule over lat and lng.
CREATE TABLE "found_report_photos" (
	"found_report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"data" "bytea" NOT NULL,
	"medium" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	CONSTRAINT "found_report_photos_found_report_id_position_pk" PRIMARY KEY("found_report_id","position")
);
--> statement-breakpoint
CREATE TABLE "found_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"species" varchar(20) NOT NULL,
	"colors" text[] NOT NULL,
	"size" varchar(10) NOT NULL,
	"sex" varchar(10),
	"marks" text,
	"lat" double precision,
	"lng" double precision,
	"cell_lat" double precision GENERATED ALWAYS AS (case when lat is null or lng is null then null else round(((-90 + (least(floor((lat + 90) / 0.0025), 71999) + 0.5) * 0.0025))::numeric, 6)::double precision end) STORED,
	"cell_lng" double precision GENERATED ALWAYS AS (case when lat is null or lng is null then null else round(((-180 + (least(floor((lng + 180) / (360 / greatest(1, floor(360 * cos(radians((-90 + (least(floor((lat + 90) / 0.0025), 71999) + 0.5) * 0.0025))) / 0.0025)))), greatest(1, floor(360 * cos(radians((-90 + (least(floor((lat + 90) / 0.0025), 71999) + 0.5) * 0.0025))) / 0.0025)) - 1) + 0.5) * (360 / greatest(1, floor(360 * cos(radians((-90 + (least(floor((lat + 90) / 0.0025), 71999) + 0.5) * 0.0025))) / 0.0025)))))::numeric, 6)::double precision end) STORED,
	"location" text,
	"found_at" timestamp with time zone NOT NULL,
	"where_now" varchar(10) NOT NULL,
	"shelter_name" text,
	"contact" text NOT NULL,
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL,
	"closed_at" timestamp with time zone,
	"manage_token_hash" varchar(64) NOT NULL,
	"claimed_pet_id" uuid,
	"finder_report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "found_reports_manage_token_hash_unique" UNIQUE("manage_token_hash"),
	CONSTRAINT "found_reports_point_check" CHECK (("found_reports"."lat" is null) = ("found_reports"."lng" is null) and "found_reports"."lat" between -90 and 90 and "found_reports"."lng" between -180 and 180),
	CONSTRAINT "found_reports_place_check" CHECK ("found_reports"."lat" is not null or "found_reports"."location" is not null),
	CONSTRAINT "found_reports_status_check" CHECK ("found_reports"."status" in ('open', 'reunited', 'shelter', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "found_report_photos" ADD CONSTRAINT "found_report_photos_found_report_id_found_reports_id_fk" FOREIGN KEY ("found_report_id") REFERENCES "public"."found_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_reports" ADD CONSTRAINT "found_reports_claimed_pet_id_pets_id_fk" FOREIGN KEY ("claimed_pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_reports" ADD CONSTRAINT "found_reports_finder_report_id_gps_pings_id_fk" FOREIGN KEY ("finder_report_id") REFERENCES "public"."gps_pings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "found_reports_board_idx" ON "found_reports" USING gist (ll_to_earth("cell_lat", "cell_lng")) WHERE status = 'open' and cell_lat is not null;--> statement-breakpoint
CREATE INDEX "found_reports_point_idx" ON "found_reports" USING gist (ll_to_earth("lat", "lng")) WHERE status = 'open' and lat is not null;--> statement-breakpoint
CREATE INDEX "found_reports_claimed_pet_id_idx" ON "found_reports" USING btree ("claimed_pet_id");
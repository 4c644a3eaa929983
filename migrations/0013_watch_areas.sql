CREATE TABLE "watch_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"area_id" uuid,
	"distance_km" double precision NOT NULL,
	"pushed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"unsubscribe_token_hash" varchar(64),
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_alerts_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
CREATE TABLE "watch_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius_km" integer NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_areas_point_check" CHECK ("watch_areas"."lat" between -90 and 90 and "watch_areas"."lng" between -180 and 180 and "watch_areas"."radius_km" in (1, 2, 5, 10))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_area_id_watch_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."watch_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_areas" ADD CONSTRAINT "watch_areas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_alerts_user_pet_idx" ON "watch_alerts" USING btree ("user_id","pet_id");--> statement-breakpoint
CREATE INDEX "watch_alerts_user_created_idx" ON "watch_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_alerts_pet_id_idx" ON "watch_alerts" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "watch_areas_user_id_idx" ON "watch_areas" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_areas_box_idx" ON "watch_areas" USING gist (earth_box(ll_to_earth("lat", "lng"), "radius_km" * 1000.0));
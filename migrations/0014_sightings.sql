CREATE TABLE "sightings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"location" text,
	"seen_at" timestamp with time zone NOT NULL,
	"heading" varchar(20),
	"note" text,
	"photo" "bytea",
	"photo_hash" varchar(64),
	"contact" text,
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sightings_place_check" CHECK (("sightings"."lat" is null) = ("sightings"."lng" is null) and "sightings"."lat" between -90 and 90 and "sightings"."lng" between -180 and 180 and ("sightings"."lat" is not null or btrim(coalesce("sightings"."location", '')) <> ''))
);
--> statement-breakpoint
ALTER TABLE "conversation_links" ALTER COLUMN "report_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "report_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_links" ADD COLUMN "sighting_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sighting_id" uuid;--> statement-breakpoint
ALTER TABLE "sightings" ADD CONSTRAINT "sightings_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sightings_pet_id_idx" ON "sightings" USING btree ("pet_id","created_at");--> statement-breakpoint
ALTER TABLE "conversation_links" ADD CONSTRAINT "conversation_links_sighting_id_sightings_id_fk" FOREIGN KEY ("sighting_id") REFERENCES "public"."sightings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sighting_id_sightings_id_fk" FOREIGN KEY ("sighting_id") REFERENCES "public"."sightings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_links_sighting_id_idx" ON "conversation_links" USING btree ("sighting_id");--> statement-breakpoint
CREATE INDEX "messages_sighting_id_idx" ON "messages" USING btree ("sighting_id","created_at");--> statement-breakpoint
ALTER TABLE "conversation_links" ADD CONSTRAINT "conversation_links_one_subject_check" CHECK (num_nonnulls("conversation_links"."report_id", "conversation_links"."sighting_id") = 1);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_one_subject_check" CHECK (num_nonnulls("messages"."report_id", "messages"."sighting_id") = 1);
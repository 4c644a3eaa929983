ALTER TABLE "conversation_links" ALTER COLUMN "report_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "report_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_links" ADD COLUMN "sighting_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sighting_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_links" ADD CONSTRAINT "conversation_links_sighting_id_sightings_id_fk" FOREIGN KEY ("sighting_id") REFERENCES "public"."sightings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sighting_id_sightings_id_fk" FOREIGN KEY ("sighting_id") REFERENCES "public"."sightings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_links_sighting_id_idx" ON "conversation_links" USING btree ("sighting_id");--> statement-breakpoint
CREATE INDEX "messages_sighting_id_idx" ON "messages" USING btree ("sighting_id","created_at");--> statement-breakpoint
ALTER TABLE "conversation_links" ADD CONSTRAINT "conversation_links_one_subject_check" CHECK (num_nonnulls("conversation_links"."report_id", "conversation_links"."sighting_id") = 1);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_one_subject_check" CHECK (num_nonnulls("messages"."report_id", "messages"."sighting_id") = 1);
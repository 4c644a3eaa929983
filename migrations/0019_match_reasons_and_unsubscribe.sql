-- Possible matches keep why as facts, worded in each reader's language; the English words of matches stored before stay, for those.
ALTER TABLE "pet_matches" ALTER COLUMN "reasons" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_matches" ADD COLUMN "reason_facts" jsonb;--> statement-breakpoint
ALTER TABLE "pet_matches" ADD CONSTRAINT "pet_matches_reasons_check" CHECK ("pet_matches"."reason_facts" is not null or "pet_matches"."reasons" is not null);--> statement-breakpoint
-- One-click unsubscribe of possible-match e-mails: each e-mail's link (hashed), and the owners who stopped them for one pet.
CREATE TABLE "match_email_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_email_stops" (
	"pet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_email_stops_pet_id_user_id_pk" PRIMARY KEY("pet_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "match_email_links" ADD CONSTRAINT "match_email_links_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_email_links" ADD CONSTRAINT "match_email_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_email_stops" ADD CONSTRAINT "match_email_stops_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_email_stops" ADD CONSTRAINT "match_email_stops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_email_links_pet_id_idx" ON "match_email_links" USING btree ("pet_id");
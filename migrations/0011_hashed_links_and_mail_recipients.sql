CREATE TABLE "conversation_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"mailed_to" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_recipients" (
	"address_hash" varchar(64) PRIMARY KEY NOT NULL,
	"first_mail_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"refusal_token_hash" varchar(64),
	"day_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_recipients_refusal_token_hash_unique" UNIQUE("refusal_token_hash")
);
--> statement-breakpoint
ALTER TABLE "gps_pings" DROP CONSTRAINT "gps_pings_conversation_token_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_calendar_token_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "conversation_links" ADD CONSTRAINT "conversation_links_report_id_gps_pings_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."gps_pings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_links_report_id_idx" ON "conversation_links" USING btree ("report_id");--> statement-breakpoint
-- Links already sent keep working: each token is kept as its SHA-256 (hex of the UTF-8 bytes, as
-- the server hashes them), with sha256(), built into PostgreSQL since 11 and into PGlite.
INSERT INTO "conversation_links" ("token_hash", "report_id", "created_at")
SELECT encode(sha256(convert_to("conversation_token", 'UTF8')), 'hex'), "id", "created_at"
FROM "gps_pings" WHERE "conversation_token" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "calendar_token_hash" = encode(sha256(convert_to("calendar_token", 'UTF8')), 'hex')
WHERE "calendar_token" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_pings" DROP COLUMN "conversation_token";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "calendar_token";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_token_hash_unique" UNIQUE("calendar_token_hash");
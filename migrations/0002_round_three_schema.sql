-- A tag's short code: 7 characters from an alphabet without look-alikes (no 0/O, 1/I/L), 31^7
-- (about 27 billion) codes. Drawn per row, so adding the column gives every existing pet its own.
CREATE OR REPLACE FUNCTION homeward_short_code() RETURNS varchar(7) LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '')
  FROM generate_series(1, 7)
$$;
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"author" varchar(10) NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_members" (
	"pet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_members_pet_id_user_id_pk" PRIMARY KEY("pet_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "scan_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"latitude" text,
	"longitude" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secret_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"purpose" varchar(40) NOT NULL,
	"pet_id" uuid NOT NULL,
	"created_by" uuid,
	"email" varchar(320),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_pings" ADD COLUMN "finder_contact" text;--> statement-breakpoint
ALTER TABLE "gps_pings" ADD COLUMN "conversation_token" varchar(64);--> statement-breakpoint
ALTER TABLE "gps_pings" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "pet_id" uuid;--> statement-breakpoint
ALTER TABLE "pet_photos" ADD COLUMN "thumbnail" "bytea";--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "short_code" varchar(7) DEFAULT homeward_short_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "public_page" jsonb DEFAULT '{"ownerName":true,"ownerPhone":true,"ownerEmail":true,"ownerAddress":false,"medicalNotes":true,"specialNeeds":true,"vet":false,"backupContacts":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "backup_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "contact_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "contact_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "reunited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "last_scan_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_report_id_gps_pings_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."gps_pings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_members" ADD CONSTRAINT "pet_members_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_members" ADD CONSTRAINT "pet_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_visits" ADD CONSTRAINT "scan_visits_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_links" ADD CONSTRAINT "secret_links_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_links" ADD CONSTRAINT "secret_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_report_id_idx" ON "messages" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "pet_members_user_id_idx" ON "pet_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scan_visits_pet_id_idx" ON "scan_visits" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "secret_links_pet_id_idx" ON "secret_links" USING btree ("pet_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_idx" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
ALTER TABLE "gps_pings" ADD CONSTRAINT "gps_pings_conversation_token_unique" UNIQUE("conversation_token");--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_short_code_unique" UNIQUE("short_code");
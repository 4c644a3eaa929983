-- Each absence of a pet is its own: it begins at pets.missing_since, and a watcher hears once of each
-- absence (it was once of each pet, for ever: a cat lost again a year later alerted nobody).
ALTER TABLE "pets" ADD COLUMN "missing_since" timestamp with time zone;--> statement-breakpoint
-- A pet missing now: since it was created, as far as anything stored can tell.
UPDATE "pets" SET "missing_since" = "created_at" WHERE "is_missing";--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD COLUMN "missing_since" timestamp with time zone;--> statement-breakpoint
-- An alert about a pet missing now was about its current absence; any other, about one that ended.
UPDATE "watch_alerts" AS a SET "missing_since" = coalesce(p."missing_since", a."created_at") FROM "pets" AS p WHERE p."id" = a."pet_id";--> statement-breakpoint
ALTER TABLE "watch_alerts" ALTER COLUMN "missing_since" SET NOT NULL;--> statement-breakpoint
DROP INDEX "watch_alerts_user_pet_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "watch_alerts_user_pet_absence_idx" ON "watch_alerts" USING btree ("user_id","pet_id","missing_since");

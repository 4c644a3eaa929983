-- An alert keeps how its watcher asked to hear, over all their areas that held the pet: it read the
-- nearest area's alone, so a push-only area inside one that also e-mails sent no e-mail.
ALTER TABLE "watch_alerts" ADD COLUMN "push" boolean;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD COLUMN "email" boolean;--> statement-breakpoint
UPDATE "watch_alerts" AS a SET "push" = coalesce(w."push", false), "email" = coalesce(w."email", false) FROM "watch_alerts" AS b LEFT JOIN "watch_areas" AS w ON w."id" = b."area_id" WHERE b."id" = a."id";--> statement-breakpoint
ALTER TABLE "watch_alerts" ALTER COLUMN "push" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_alerts" ALTER COLUMN "email" SET NOT NULL;

DROP INDEX "notifications_due_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."sent_at" is null and "notifications"."refused_at" is null;
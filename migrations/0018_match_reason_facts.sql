-- Possible matches keep why as facts, worded in each reader's language; the English words of matches stored before stay, for those.
ALTER TABLE "pet_matches" ALTER COLUMN "reasons" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_matches" ADD COLUMN "reason_facts" jsonb;--> statement-breakpoint
ALTER TABLE "pet_matches" ADD CONSTRAINT "pet_matches_reasons_check" CHECK ("pet_matches"."reason_facts" is not null or "pet_matches"."reasons" is not null);
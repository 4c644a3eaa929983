-- A match its owners never decided lapses when the pet comes home, instead of going: kept, it is never
-- proposed again should the pet go missing once more (with the same last-seen day, the time rule alone
-- would let it back).
ALTER TABLE "pet_matches" DROP CONSTRAINT "pet_matches_status_check";--> statement-breakpoint
ALTER TABLE "pet_matches" ADD CONSTRAINT "pet_matches_status_check" CHECK ("pet_matches"."status" in ('proposed', 'dismissed', 'confirmed', 'lapsed'));
-- A pet's sex, when its owner says it (null when not): matching compares it with a found report's.
ALTER TABLE "pets" ADD COLUMN "sex" varchar(10);--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_sex_check" CHECK ("pets"."sex" in ('male', 'female'));
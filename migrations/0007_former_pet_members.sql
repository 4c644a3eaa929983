CREATE TABLE "former_pet_members" (
	"pet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "former_pet_members_pet_id_user_id_pk" PRIMARY KEY("pet_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "former_pet_members" ADD CONSTRAINT "former_pet_members_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "former_pet_members" ADD CONSTRAINT "former_pet_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "capacity_day_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capacity_day_notes" ADD CONSTRAINT "capacity_day_notes_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_day_notes" ADD CONSTRAINT "capacity_day_notes_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capacity_day_notes_experience_date" ON "capacity_day_notes" USING btree ("experience_id","local_date");--> statement-breakpoint
CREATE INDEX "capacity_day_notes_account_date_idx" ON "capacity_day_notes" USING btree ("account_id","local_date");
ALTER TYPE "public"."user_token_purpose" ADD VALUE 'change_email';--> statement-breakpoint
CREATE TABLE "previous_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "previous_emails" ADD CONSTRAINT "previous_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "previous_emails_user_idx" ON "previous_emails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "previous_emails_email_idx" ON "previous_emails" USING btree (lower("email"));
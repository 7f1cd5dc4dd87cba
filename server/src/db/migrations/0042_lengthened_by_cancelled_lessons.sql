CREATE TABLE "subscription_cancelled_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_cancelled_lessons" ADD CONSTRAINT "subscription_cancelled_lessons_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cancelled_lessons_idx" ON "subscription_cancelled_lessons" USING btree ("subscription_id","lesson_date");
CREATE TABLE "school_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text NOT NULL,
	"vat_note_de" text NOT NULL,
	"vat_note_ru" text NOT NULL,
	"school_email" text NOT NULL,
	"staff_notify_emails" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_settings_one_row" CHECK ("school_settings"."id" = 1)
);

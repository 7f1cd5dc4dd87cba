ALTER TABLE "locations" ADD COLUMN "phone" text;--> statement-breakpoint
-- The two houses the school opened with get the numbers the footer printed from the contract (D177);
-- any other house starts without one until staff enter it.
UPDATE "locations" SET "phone" = '+49 30 1234567' WHERE "street" = 'Kastanienallee 12' AND "phone" IS NULL;
--> statement-breakpoint
UPDATE "locations" SET "phone" = '+49 30 7654321' WHERE "street" = 'Wilmersdorfer Straße 85' AND "phone" IS NULL;

import { IMAGE_TYPES } from "@atelier/contract";
import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./common.ts";
import { users } from "./users.ts";

/**
 * Images staff uploaded (D146). The bytes live in the media storage (a folder under DATA_DIR or an S3
 * bucket) under `key`, the SHA-256 of the bytes and the type's extension: the same file uploaded twice is
 * one row and one stored object. The row says what the bytes are, so serving and page edits read no file.
 */
export const images = pgTable("images", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  contentType: text("content_type", { enum: IMAGE_TYPES }).notNull(),
  bytes: integer("bytes").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

import type { LocalizedText } from "@atelier/contract";
import { jsonb, timestamp } from "drizzle-orm/pg-core";

/** A text column holding every locale of the shop: `{ de, ru }`. */
export const localized = (name: string) => jsonb(name).$type<LocalizedText>();

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

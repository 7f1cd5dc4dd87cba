import type { LegacyMessages } from "../plugins/index.ts";

/**
 * The school's existing client tells sign-up errors apart by Django's English messages (spec §8), so
 * sign-up sends exactly these texts for these codes in every locale, and the password mismatch under
 * `non_field_errors` as Django's serializer does (decision D40). `error_codes` keep the stable codes.
 */
export const SIGN_UP_DJANGO_MESSAGES: LegacyMessages = {
  email_registered: { text: "A user is already registered with this e-mail address." },
  invalid_email: { text: "Enter a valid email address." },
  invalid_phone: { text: "Enter a valid phone number." },
  phone_unique: { text: "This field must be unique." },
  password_mismatch: { text: "The two password fields didn't match.", field: "non_field_errors" },
  // With `email`, the "exists" case of the client: both the address and the username are taken.
  exists: { text: "A user with that username already exists.", field: "username" },
};

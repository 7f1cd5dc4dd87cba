/** The editable profile fields of `PATCH /api/v2/users/add_profile_info/` (spec §3 User). */
export const PROFILE_FIELDS = [
  "first_name",
  "last_name",
  "phone_number",
  "company_name",
  "city",
  "country",
  "state",
  "street",
  "post_code",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileFormValues = Record<ProfileField, string>;

/** Form values from the user (missing fields empty; no phone is shown as "+", spec §3). */
export function profileFormValues(user: Partial<Record<ProfileField, unknown>>): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of PROFILE_FIELDS) {
    const value = user[field];
    values[field] = typeof value === "string" ? value : "";
  }
  if (!values.phone_number) values.phone_number = "+";
  return values;
}

/**
 * The PATCH body: only changed fields. A phone that is just a dial code (the input's country prefix,
 * e.g. "+49") means "no phone" and is sent as "+".
 */
export function profileChanges(
  before: ProfileFormValues,
  after: ProfileFormValues,
  dialCodeOnly: (phone: string) => boolean,
): Partial<ProfileFormValues> {
  const changes: Partial<ProfileFormValues> = {};
  const normalized = { ...after };
  if (dialCodeOnly(normalized.phone_number)) normalized.phone_number = "+";
  for (const field of PROFILE_FIELDS) {
    if (normalized[field].trim() !== before[field].trim()) changes[field] = normalized[field].trim();
  }
  return changes;
}

/** A phone that is only a "+" and a dial code (at most 4 digits): no number was entered. */
export function isBareDialCode(phone: string): boolean {
  return /^\+\d{0,4}$/.test(phone.trim());
}

import { AGE_GROUP_RANGES, type AgeGroup } from "@atelier/contract";

/**
 * The example in the party form's ages field, inside the party's own age group (issue 32 item 11): a party
 * for 5–7-year-olds reads "6, 7, 7", not an example of children it does not take.
 */
export function partyAgesExample(group: AgeGroup): string {
  const { min, max } = AGE_GROUP_RANGES[group];
  const low = max === null || min + 1 < max ? min + 1 : min;
  const high = max === null ? low + 1 : Math.min(low + 1, max);
  return [low, high, high].join(", ");
}

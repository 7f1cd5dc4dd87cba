/**
 * What an offer's free-text place says beyond its house's address (issue 32 item 11): the room or the
 * courtyard, without the street and town the house line already names. "Kastanienallee 12 (Keramikwerkstatt
 * im Hof), 10435 Berlin" under the house "Kastanienallee 12, 10435 Berlin" leaves "Keramikwerkstatt im Hof";
 * a place that only repeats the address (or the house's name) leaves nothing.
 */
export function placeNote(location: string | null | undefined, house: { name: string; address: string }) {
  if (!location) return null;
  let rest = location;
  const parts = [house.name, ...house.address.split(",")].map((part) => part.trim()).filter(Boolean);
  for (const part of parts.sort((a, b) => b.length - a.length)) rest = rest.split(part).join(" ");
  rest = rest
    .replace(/\(\s*[,;]?\s*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[\s,;–-]+|[\s,;–-]+$/g, "")
    .trim();
  const wrapped = /^\(([^()]*)\)$/.exec(rest);
  if (wrapped?.[1] !== undefined) rest = wrapped[1].trim();
  return rest === "" ? null : rest;
}

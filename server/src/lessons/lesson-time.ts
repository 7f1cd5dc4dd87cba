import { SCHOOL_TIME_ZONE } from "@atelier/contract";

// Day arithmetic has one source, the contract (issue 33); the lessons' modules take it from here.
export { addDays, weekdayOf } from "@atelier/contract";

let parts: Intl.DateTimeFormat | undefined;

/** Minutes Berlin is ahead of UTC at `instant`. */
function berlinOffsetMinutes(instant: Date): number {
  parts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SCHOOL_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const get = (type: string) =>
    Number(parts?.formatToParts(instant).find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.round((local - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of a Berlin wall time (`date` YYYY-MM-DD, `time` HH:MM), e.g. a lesson's start. */
export function berlinInstant(date: string, time: string): Date {
  const guess = new Date(`${date}T${time.slice(0, 5)}:00Z`);
  const first = new Date(guess.getTime() - berlinOffsetMinutes(guess) * 60_000);
  return new Date(guess.getTime() - berlinOffsetMinutes(first) * 60_000);
}

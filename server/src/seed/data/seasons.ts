import type { LocalizedText } from "@atelier/contract";
import { l } from "./types.ts";

export type SeasonSeed = {
  key: string;
  name: LocalizedText;
  startsOn: string;
  endsOn: string;
  /**
   * The academy weeks of the season, Monday to Friday, shortened where a public holiday falls on a
   * weekday (Good Friday and Easter Monday in the Easter holidays).
   */
  weeks: { startsOn: string; endsOn: string }[];
};

/** Berlin school holidays 2027 (Senatsverwaltung für Bildung); check against the official calendar. */
export const SEASONS: SeasonSeed[] = [
  {
    key: "easter-2027",
    name: l("Osterferien 2027", "Пасхальные каникулы 2027"),
    startsOn: "2027-03-22",
    endsOn: "2027-04-02",
    weeks: [
      { startsOn: "2027-03-22", endsOn: "2027-03-25" },
      { startsOn: "2027-03-30", endsOn: "2027-04-02" },
    ],
  },
  {
    key: "summer-2027",
    name: l("Sommerferien 2027", "Летние каникулы 2027"),
    startsOn: "2027-07-01",
    endsOn: "2027-08-14",
    weeks: [
      { startsOn: "2027-07-05", endsOn: "2027-07-09" },
      { startsOn: "2027-07-12", endsOn: "2027-07-16" },
      { startsOn: "2027-07-19", endsOn: "2027-07-23" },
      { startsOn: "2027-07-26", endsOn: "2027-07-30" },
      { startsOn: "2027-08-02", endsOn: "2027-08-06" },
      { startsOn: "2027-08-09", endsOn: "2027-08-13" },
    ],
  },
];

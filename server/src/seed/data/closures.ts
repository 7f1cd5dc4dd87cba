/**
 * The Berlin school holidays of the school year 2026/27 (D122), closures of every house (`location_id` null, D151):
 * no lesson takes place, running subscriptions are frozen and their paid periods lengthen. Herbst- and
 * Weihnachtsferien 2026 as the Senate's calendar publishes them; the 2027 dates as published in advance
 * (to be checked against the Senate's list before the school relies on them, see D122).
 */
export const BERLIN_HOLIDAYS_2026_27 = [
  { startsOn: "2026-10-19", endsOn: "2026-10-31", name: { de: "Herbstferien", ru: "Осенние каникулы" } },
  {
    startsOn: "2026-12-23",
    endsOn: "2027-01-02",
    name: { de: "Weihnachtsferien", ru: "Рождественские каникулы" },
  },
  { startsOn: "2027-02-01", endsOn: "2027-02-06", name: { de: "Winterferien", ru: "Зимние каникулы" } },
  { startsOn: "2027-03-22", endsOn: "2027-04-02", name: { de: "Osterferien", ru: "Пасхальные каникулы" } },
  { startsOn: "2027-05-18", endsOn: "2027-05-18", name: { de: "Pfingstferien", ru: "Каникулы на Троицу" } },
  { startsOn: "2027-07-01", endsOn: "2027-08-14", name: { de: "Sommerferien", ru: "Летние каникулы" } },
] as const;

import { locationAddress, SCHOOL_LOCATIONS } from "@atelier/contract";

const [prenzlauerBerg, charlottenburg] = SCHOOL_LOCATIONS;

/**
 * The addresses offers take place at, as product pages show them: the school's two houses from the one
 * list in the contract (footer, menu and /contacts show the same), and places of single offers.
 */
export const LOCATIONS = {
  /** Main house in Prenzlauer Berg. */
  kastanienallee: locationAddress(prenzlauerBerg),
  /** Ceramics studio in the courtyard of the main house. */
  keramikHof: `${prenzlauerBerg.street} (Keramikwerkstatt im Hof), ${prenzlauerBerg.city}`,
  /** Branch in Charlottenburg. */
  wilmersdorfer: locationAddress(charlottenburg),
  /** An event away from both houses: the spring concert needs a hall (demo venue). */
  concertHall: "Saal im Nachbarschaftshaus Urbanstraße, Urbanstraße 21, 10961 Berlin",
  /** School offers take place at the ordering school. */
  atSchool: `An Ihrer Schule in Berlin oder in der ${locationAddress(prenzlauerBerg)}`,
} as const;

/**
 * The two houses as rows of `locations` (D151), from the same contract list: names in de and ru, the
 * address split into street, post code and city, a map link and the house's phone (D177).
 */
export const HOUSES = SCHOOL_LOCATIONS.map((house, index) => {
  const [postCode = "", ...city] = house.city.split(" ");
  return {
    key: house.key,
    name: { de: house.name.de, ru: house.name.ru },
    street: house.street,
    postCode,
    city: city.join(" "),
    mapUrl: house.mapUrl,
    phone: house.phone.display,
    sortOrder: (index + 1) * 10,
  };
});

/** The house an offer's address lies in: the one whose street it names (as the migration of D151 reads it). */
export function houseOf(address: string): string | undefined {
  return HOUSES.find((house) => address.includes(house.street))?.key;
}

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

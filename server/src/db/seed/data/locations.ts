/** The school's addresses as shown on product pages. */
export const LOCATIONS = {
  /** Main house in Prenzlauer Berg. */
  kastanienallee: "Kastanienallee 12, 10435 Berlin",
  /** Ceramics studio in the courtyard of the main house. */
  keramikHof: "Kastanienallee 12 (Keramikwerkstatt im Hof), 10435 Berlin",
  /** Branch in Charlottenburg. */
  wilmersdorfer: "Wilmersdorfer Straße 85, 10629 Berlin",
  /** School offers take place at the ordering school. */
  atSchool: "An Ihrer Schule in Berlin oder in der Kastanienallee 12, 10435 Berlin",
} as const;

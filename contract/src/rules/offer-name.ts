/**
 * How the shop's mails and documents name a booked offer: its page and its option, "Töpfern – 10er-Karte",
 * or the page alone when the option has no name. One rule, so a booking reads the same in every mail.
 */
export function offerName(pageName: string, optionName: string | null | undefined): string {
  return optionName ? `${pageName} – ${optionName}` : pageName;
}

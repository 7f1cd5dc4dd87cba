import { hasExternalMediaConsent } from "../../lib/external-media-consent.ts";
import { browserStorage } from "../../lib/storage.ts";
import { type PhoneCountry, parseIpCountryReply } from "./countries.ts";

let lookup: Promise<PhoneCountry | null> | undefined;

/**
 * Spec §2: the country is preselected from the visitor's IP at a third-party service. Privacy first:
 * only when VITE_IP_COUNTRY_URL is configured AND the visitor allowed external media in the cookie modal
 * (the service sees the visitor's IP). Once per page view. A failure logs 'unable to fetch the country'
 * and resolves null, so the input keeps Germany.
 */
export function lookupIpCountry(): Promise<PhoneCountry | null> {
  const url = import.meta.env.VITE_IP_COUNTRY_URL;
  if (!url || !hasExternalMediaConsent(browserStorage())) return Promise.resolve(null);
  lookup ??= fetch(url, { credentials: "omit", referrerPolicy: "no-referrer" })
    .then((response) => (response.ok ? response.text() : ""))
    .catch(() => "")
    .then((reply) => {
      const country = parseIpCountryReply(reply);
      if (!country) console.error("unable to fetch the country");
      return country;
    });
  return lookup;
}

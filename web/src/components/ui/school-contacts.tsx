import { type ListedHouse, type Locale, normalizePhone, SCHOOL_CONTACT } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { housesOptions } from "../../lib/houses.ts";

export type SchoolContactLabels = {
  mapLink: string;
  phone: string;
  phoneMobile: string;
  email: string;
};

/**
 * The school's houses as staff keep them (D151, D177): active ones in the school's order, each with name,
 * address, map link and phone, then the school's own numbers and e-mail (footer, menu page, /contacts), in
 * the caller's words. The houses come from the catalogue's cached read and are rendered on the server. While
 * they are not there (not loaded, or the read failed) the block shows the school's general phone instead,
 * never an error: the server renders that too, so the browser hydrates the same markup and then retries.
 */
export function SchoolContacts({
  labels,
  locale,
  className = "space-y-2",
  linkClass = "underline underline-offset-2 hover:text-orange-900",
}: {
  labels: SchoolContactLabels;
  locale: Locale;
  className?: string;
  linkClass?: string;
}) {
  const houses = useQuery(housesOptions(locale)).data ?? [];
  // The office number is the main house's; it stands on its own only when no house is listed.
  const phones = SCHOOL_CONTACT.phones.filter((phone) => houses.length === 0 || phone.key === "phoneMobile");
  return (
    <address className={`not-italic ${className}`}>
      {houses.length > 0 ? (
        <ul className="space-y-3" data-testid="school-locations">
          {houses.map((house) => (
            <HouseContact key={house.id} house={house} labels={labels} linkClass={linkClass} />
          ))}
        </ul>
      ) : null}
      <ul className="space-y-1">
        {phones.map((phone) => (
          <li key={phone.tel}>
            {phone.key === "phoneMobile" ? labels.phoneMobile : labels.phone}:{" "}
            <a href={`tel:${phone.tel}`} className={linkClass}>
              {phone.display}
            </a>
          </li>
        ))}
        <li>
          {labels.email}:{" "}
          <a href={`mailto:${SCHOOL_CONTACT.email}`} className={linkClass}>
            {SCHOOL_CONTACT.email}
          </a>
        </li>
      </ul>
    </address>
  );
}

function HouseContact({
  house,
  labels,
  linkClass,
}: {
  house: ListedHouse;
  labels: SchoolContactLabels;
  linkClass: string;
}) {
  return (
    <li>
      <p className="font-semibold">{house.name}</p>
      <p>
        {house.street}
        <br />
        {`${house.post_code} ${house.city}`.trim()}
        {house.map_url ? (
          <>
            <br />
            <a href={house.map_url} className={linkClass} target="_blank" rel="noopener noreferrer">
              {labels.mapLink}
              {/* Several houses, several map links: the name tells them apart for screen readers. */}
              <span className="sr-only">: {house.name}</span>
            </a>
          </>
        ) : null}
      </p>
      {house.phone ? (
        <p>
          {labels.phone}:{" "}
          <a href={`tel:${normalizePhone(house.phone)}`} className={linkClass}>
            {house.phone}
          </a>
        </p>
      ) : null}
    </li>
  );
}

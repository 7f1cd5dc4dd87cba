import { type Locale, SCHOOL_CONTACT, SCHOOL_LOCATIONS } from "@atelier/contract";

export type SchoolContactLabels = {
  mapLink: string;
  phone: string;
  phoneMobile: string;
  email: string;
};

/**
 * The school's houses (name, address, map link, phone) from the one list of locations, then the mobile
 * number and e-mail (footer, menu page, /contacts), in the caller's words.
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
  return (
    <address className={`not-italic ${className}`}>
      <ul className="space-y-3" data-testid="school-locations">
        {SCHOOL_LOCATIONS.map((location) => (
          <li key={location.key}>
            <p className="font-semibold">{location.name[locale]}</p>
            <p>
              {location.street}
              <br />
              {location.city}
              <br />
              <a href={location.mapUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
                {labels.mapLink}
                {/* Two houses, two map links: the name tells them apart for screen readers. */}
                <span className="sr-only">: {location.name[locale]}</span>
              </a>
            </p>
            <p>
              {labels.phone}:{" "}
              <a href={`tel:${location.phone.tel}`} className={linkClass}>
                {location.phone.display}
              </a>
            </p>
          </li>
        ))}
      </ul>
      <ul className="space-y-1">
        {SCHOOL_CONTACT.phones
          .filter((phone) => phone.key === "phoneMobile")
          .map((phone) => (
            <li key={phone.tel}>
              {labels.phoneMobile}:{" "}
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

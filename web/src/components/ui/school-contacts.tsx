import { SCHOOL_CONTACT } from "@atelier/contract";
import { Fragment } from "react";

export type SchoolContactLabels = {
  /** The address; line breaks become <br>. */
  address: string;
  mapLink: string;
  phoneOffice: string;
  phoneMobile: string;
  email: string;
};

/** Address with map link, phone numbers and e-mail (footer, menu page, /contacts), in the caller's words. */
export function SchoolContacts({
  labels,
  className = "space-y-2",
  linkClass = "underline underline-offset-2 hover:text-orange-900",
}: {
  labels: SchoolContactLabels;
  className?: string;
  linkClass?: string;
}) {
  return (
    <address className={`not-italic ${className}`}>
      <p>
        {labels.address.split("\n").map((line, index) => (
          <Fragment key={line}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
        <br />
        <a href={SCHOOL_CONTACT.mapUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
          {labels.mapLink}
        </a>
      </p>
      <ul className="space-y-1">
        {SCHOOL_CONTACT.phones.map((phone) => (
          <li key={phone.tel}>
            {labels[phone.key]}:{" "}
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

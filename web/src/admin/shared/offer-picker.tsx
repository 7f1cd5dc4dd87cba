import { ADMIN_PAGE_MAX } from "@atelier/contract";
import { AutocompleteInput, ReferenceInput, type Validator } from "react-admin";
import { useOfficeLocale } from "./money-input.tsx";

type Offer = { id: number; name: { de: string; ru?: string | null } };

/** An offer's name in the staff member's language, German where the Russian one is missing. */
export function useOfferName() {
  const language = useOfficeLocale();
  return (offer: Offer | undefined) => (offer ? (language === "ru" && offer.name.ru) || offer.name.de : "");
}

/**
 * The back office's one offer picker (D233): it searches the server as the staff member types (by name in
 * either language or address) and lists the offers by name, as many as one admin page holds, so every offer
 * is reached, the oldest course too; react-admin's default (25 offers, newest first) ended before them.
 */
export function OfferPicker({
  source = "product_page",
  filter,
  validate,
  alwaysOn,
  label,
}: {
  source?: string;
  filter?: Record<string, unknown>;
  validate?: Validator | Validator[];
  alwaysOn?: boolean;
  label?: string;
}) {
  const name = useOfferName();
  return (
    <ReferenceInput
      source={source}
      reference="products"
      filter={filter}
      sort={{ field: "name", order: "ASC" }}
      perPage={ADMIN_PAGE_MAX}
      alwaysOn={alwaysOn}
    >
      <AutocompleteInput
        optionText={name}
        filterToQuery={(q: string) => ({ q })}
        validate={validate}
        label={label}
        sx={{ minWidth: 320 }}
      />
    </ReferenceInput>
  );
}

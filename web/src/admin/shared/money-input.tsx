import {
  euroInputText,
  euroText,
  isDrasticPriceChange,
  type Locale,
  parseEuroCents,
} from "@atelier/contract";
import { InputAdornment, TextField } from "@mui/material";
import { type ReactElement, useEffect, useRef, useState } from "react";
import {
  type CommonInputProps,
  Confirm,
  FieldTitle,
  InputHelperText,
  SaveButton,
  type SaveButtonProps,
  useInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type Validator,
} from "react-admin";
import { useFormContext } from "react-hook-form";

/** The staff member's language as the contract's locale. */
export function useOfficeLocale(): Locale {
  const [locale] = useLocaleState();
  return locale === "ru" ? "ru" : "de";
}

/** Cents shown as an amount in the staff member's language ("89,00 €"); empty for none. */
export function MoneyField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const language = useOfficeLocale();
  const cents = record?.[source] as number | null | undefined;
  return <span>{typeof cents === "number" ? euroText(cents, language) : ""}</span>;
}

/** What the field holds while its text is not an amount: validation names it, nothing is sent. */
const NOT_AN_AMOUNT = Number.NaN;

const notAnAmount: Validator = (value: unknown) =>
  typeof value === "number" && Number.isNaN(value) ? "admin.money.invalid" : undefined;

type MoneyInputProps = Omit<CommonInputProps, "format" | "parse"> & {
  /** The least and most cents the field takes, told in the staff member's language when broken. */
  minCents?: number;
  maxCents?: number;
  fullWidth?: boolean;
};

/**
 * The back office's one euro field (D231): the value is integer cents, the text is what the office types,
 * read by the contract's `parseEuroCents` ("89,00", "89", "1.089,50", "89.00" and "89,5" as a German
 * reads them), shown with € and in the staff member's language ("1.089,50" / "1 089,50"). Text that is not
 * an amount keeps what was typed and says so at the field; nothing is sent.
 */
export function MoneyInput({
  minCents,
  maxCents,
  validate,
  helperText,
  fullWidth,
  ...props
}: MoneyInputProps) {
  const [locale] = useLocaleState();
  const language = locale === "ru" ? "ru" : "de";
  const translate = useTranslate();
  const range: Validator = (value: unknown) => {
    if (typeof value !== "number" || Number.isNaN(value)) return undefined;
    if (minCents !== undefined && value < minCents)
      return { message: "admin.money.too_small", args: { min: euroInputText(minCents, language) } };
    if (maxCents !== undefined && value > maxCents)
      return { message: "admin.money.too_large", args: { max: euroInputText(maxCents, language) } };
    return undefined;
  };
  const rules = [notAnAmount, range, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ ...props, validate: rules, format: (v: unknown) => v, parse: (v: unknown) => v });
  const value = field.value as number | null | undefined;
  const shown = (cents: number | null | undefined) =>
    typeof cents === "number" && !Number.isNaN(cents) ? euroInputText(cents, language) : "";
  const [text, setText] = useState(() => shown(value));
  // A value set from outside (the record loaded, the form reset, the language changed) replaces the text;
  // the value the text itself stands for does not, so typing "89," stays "89," until it is an amount.
  const typed = useRef(value);
  useEffect(() => {
    if (!Object.is(typed.current, value)) {
      typed.current = value;
      setText(shown(value));
    }
  });
  const lastLanguage = useRef(language);
  useEffect(() => {
    if (lastLanguage.current !== language) {
      lastLanguage.current = language;
      setText(shown(typed.current));
    }
  });

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const cents =
          event.target.value.trim() === "" ? null : (parseEuroCents(event.target.value) ?? NOT_AN_AMOUNT);
        typed.current = cents;
        field.onChange(cents);
      }}
      onBlur={() => {
        field.onBlur();
        if (typeof typed.current === "number" && !Number.isNaN(typed.current)) setText(shown(typed.current));
      }}
      className={`ra-input ra-input-${props.source}`}
      label={
        props.label === false ? null : (
          <FieldTitle
            label={props.label}
            source={props.source}
            resource={props.resource}
            isRequired={isRequired}
          />
        )
      }
      error={invalid}
      helperText={<InputHelperText error={error?.message} helperText={helperText} />}
      fullWidth={fullWidth}
      size="small"
      variant="filled"
      margin="dense"
      disabled={props.disabled}
      slotProps={{
        htmlInput: { inputMode: "decimal", autoComplete: "off" },
        input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
      }}
      title={translate("admin.money.hint")}
    />
  );
}

/**
 * The form's save button that asks first when a price moves more than five times up or down (D231): 89 €
 * typed as 8.900 € is caught before a parent sees it.
 */
export function PriceGuardSaveButton({
  source,
  ...props
}: SaveButtonProps & { source: string }): ReactElement {
  const record = useRecordContext();
  const { getValues } = useFormContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = locale === "ru" ? "ru" : "de";
  const [asking, setAsking] = useState<{ before: number; after: number } | null>(null);
  const confirmed = useRef(false);
  const wrap = useRef<HTMLSpanElement>(null);
  const before = record?.[source] as number | undefined;
  return (
    <>
      <span ref={wrap}>
        <SaveButton
          {...props}
          onClick={(event) => {
            const after = getValues(source) as number | null | undefined;
            if (!confirmed.current && isDrasticPriceChange(before, after) && before !== undefined && after) {
              event.preventDefault();
              setAsking({ before, after });
            }
            confirmed.current = false;
          }}
        />
      </span>
      <Confirm
        isOpen={asking !== null}
        title="admin.money.drastic_title"
        content={translate("admin.money.drastic_text", {
          before: `${euroInputText(asking?.before ?? 0, language)} €`,
          after: `${euroInputText(asking?.after ?? 0, language)} €`,
        })}
        confirm="admin.money.drastic_confirm"
        cancel="admin.money.drastic_cancel"
        onConfirm={() => {
          setAsking(null);
          confirmed.current = true;
          wrap.current?.querySelector("button")?.click();
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

import "./i18n.ts";
import { PHONE_MAX_LENGTH, PHONE_TYPE_TO_FIND_RESET_MS, sanitizePhoneInput } from "@atelier/contract";
import {
  type KeyboardEvent,
  type Ref,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/use-locale.ts";
import {
  type CountryOption,
  countryForNumber,
  countryOptions,
  DEFAULT_COUNTRY,
  findOptionIndex,
  flagEmoji,
  type PhoneCountry,
  switchDialCode,
} from "./countries.ts";
import { lookupIpCountry } from "./ip-country.ts";

/**
 * For a dialog holding a phone field (Radix's `onEscapeKeyDown`): Escape in the open country list closes
 * the list, not the dialog around it. Radix hears the key on the document before the list does, so the
 * dialog has to let it pass.
 */
export function keepDialogOnListEscape(event: globalThis.KeyboardEvent) {
  if (event.target instanceof Element && event.target.closest("[role='listbox']")) event.preventDefault();
}

export type PhoneInputProps = {
  id: string;
  name?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  invalid?: boolean | undefined;
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** Ask the IP-to-country service (only with consent and a configured URL) while the field is untouched. */
  detectCountry?: boolean | undefined;
};

const optionId = (base: string, index: number) => `${base}-option-${index}`;

/**
 * Spec §2 phone input: a country list with flags and dial codes (preferred countries first, type-to-find
 * that resets after 700 ms) and a tel input that only takes a leading + and digits (max 25).
 */
export function PhoneInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  inputRef,
  detectCountry,
}: PhoneInputProps) {
  const { t } = useTranslation("phoneInput");
  const locale = useLocale();
  const options = useMemo(() => countryOptions(locale), [locale]);
  const [country, setCountry] = useState<PhoneCountry>(() => countryForNumber(value, DEFAULT_COUNTRY));
  const baseId = useId();
  const touched = useRef(false);
  useIpCountry(detectCountry, { value, country, onChange }, touched, setCountry);
  const list = useCountryList(options, country, baseId, (option) => {
    touched.current = true;
    onChange(switchDialCode(value, country, option));
    setCountry(option);
  });

  return (
    <div className="relative mt-1 flex gap-2">
      <button
        ref={list.buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={list.open}
        aria-controls={list.open ? list.listId : undefined}
        aria-label={t("country", { country: options.find((o) => o.iso === country.iso)?.name ?? "" })}
        data-testid="phone-country"
        onClick={() => (list.open ? list.closeList() : list.openList())}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            list.openList();
          }
        }}
        className="inline-flex shrink-0 items-center gap-1 rounded-lg border-2 border-slate-400 bg-white px-2 py-2 text-slate-900 hover:bg-slate-50 focus:border-orange-800 focus:outline-none"
      >
        {/* The flag only: the dial code is already the start of the number beside it (shown once). */}
        <span aria-hidden="true" className="text-lg leading-none">
          {flagEmoji(country.iso)}
        </span>
        <svg viewBox="0 0 16 16" className="size-3 fill-current" aria-hidden="true">
          <path d="M3 6l5 5 5-5z" />
        </svg>
      </button>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          touched.current = true;
          const next = sanitizePhoneInput(event.target.value, country.dial);
          setCountry((current) => countryForNumber(next, current));
          onChange(next);
        }}
        onBlur={onBlur}
        className="block w-full min-w-0 rounded-lg border-2 border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-orange-800 focus:outline-none aria-[invalid=true]:border-red-700"
      />
      {list.open ? <CountryListbox options={options} baseId={baseId} list={list} /> : null}
    </div>
  );
}

/**
 * The IP lookup (only when asked: consent and a configured service) may preselect another country, but never
 * over what the visitor has typed or chosen. `current` is read when the answer comes, not when it was asked.
 */
function useIpCountry(
  detectCountry: boolean | undefined,
  current: { value: string; country: PhoneCountry; onChange: (value: string) => void },
  touched: RefObject<boolean>,
  setCountry: (country: PhoneCountry) => void,
) {
  const latest = useRef(current);
  latest.current = current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks once per detectCountry; the refs are read later
  useEffect(() => {
    if (!detectCountry) return;
    let cancelled = false;
    void lookupIpCountry().then((found) => {
      const now = latest.current;
      if (cancelled || !found || touched.current || found.iso === now.country.iso) return;
      if (now.value.replace(/^\+/, "") !== now.country.dial && now.value !== "+") return;
      setCountry(found);
      now.onChange(`+${found.dial}`);
    });
    return () => {
      cancelled = true;
    };
  }, [detectCountry]);
}

/**
 * The country list's state as a listbox: open or closed, the active option (aria-activedescendant), the keys
 * that move it, type-to-find (spec §2: the typed text resets after 700 ms), and where the focus goes.
 */
function useCountryList(
  options: CountryOption[],
  country: PhoneCountry,
  baseId: string,
  onPick: (option: CountryOption) => void,
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useRef("");
  const typedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => () => clearTimeout(typedTimer.current), []);

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    document.getElementById(optionId(baseId, active))?.scrollIntoView({ block: "nearest" });
  }, [open, active, baseId]);

  const openList = () => {
    const selected = options.findIndex((option) => option.iso === country.iso);
    setActive(Math.max(0, selected));
    setOpen(true);
  };

  const closeList = (focusButton = true) => {
    setOpen(false);
    typed.current = "";
    if (focusButton) buttonRef.current?.focus();
  };

  const choose = (option: CountryOption) => {
    onPick(option);
    closeList();
  };

  /** A letter typed in the open list: the next country whose name starts with what was typed. */
  const typeToFind = (key: string) => {
    typed.current += key;
    clearTimeout(typedTimer.current);
    // Spec §2: the typed text resets after 700 ms.
    typedTimer.current = setTimeout(() => {
      typed.current = "";
    }, PHONE_TYPE_TO_FIND_RESET_MS);
    const single = typed.current.length === 1;
    // A repeated first letter cycles through the countries starting with it.
    const index = findOptionIndex(options, typed.current, single ? active : active - 1);
    if (index !== -1) setActive(index);
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, index)));
    };
    switch (event.key) {
      case "ArrowDown":
        return move(active + 1);
      case "ArrowUp":
        return move(active - 1);
      case "PageDown":
        return move(active + 10);
      case "PageUp":
        return move(active - 10);
      case "Home":
        return move(0);
      case "End":
        return move(last);
      case "Enter":
      case " ": {
        // A space inside a name being typed (e.g. "Vereinigte Staaten") continues the search.
        if (event.key === " " && typed.current) break;
        event.preventDefault();
        const option = options[active];
        if (option) choose(option);
        return;
      }
      case "Escape":
        event.preventDefault();
        return closeList();
      case "Tab":
        return closeList(false);
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      typeToFind(event.key);
    }
  };

  return {
    open,
    active,
    listId: `${baseId}-list`,
    listRef,
    buttonRef,
    openList,
    closeList,
    choose,
    onListKeyDown,
  };
}

/** The open country list: preferred countries first (a line below them), each with its flag and dial code. */
function CountryListbox({
  options,
  baseId,
  list,
}: {
  options: CountryOption[];
  baseId: string;
  list: ReturnType<typeof useCountryList>;
}) {
  const { t } = useTranslation("phoneInput");
  return (
    <div
      ref={list.listRef}
      id={list.listId}
      role="listbox"
      // Focusable (axe: a scrollable region needs keyboard access); it takes the focus when it opens.
      tabIndex={0}
      aria-label={t("countryList")}
      aria-activedescendant={optionId(baseId, list.active)}
      onKeyDown={list.onListKeyDown}
      onBlur={(event) => {
        if (
          !event.currentTarget.contains(event.relatedTarget) &&
          event.relatedTarget !== list.buttonRef.current
        )
          list.closeList(false);
      }}
      className="absolute top-full left-0 z-50 mt-1 max-h-72 w-full max-w-sm overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg focus:outline-none"
    >
      {options.map((option, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keyboard (aria-activedescendant)
        <div
          key={`${option.preferred ? "p" : "a"}-${option.iso}`}
          id={optionId(baseId, index)}
          role="option"
          aria-selected={index === list.active}
          // Mouse users pick with a click; the keyboard uses the listbox's own handler.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => list.choose(option)}
          tabIndex={-1}
          className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${
            index === list.active ? "bg-orange-100 text-orange-950" : "text-slate-900"
          } ${option.preferred && !options[index + 1]?.preferred ? "border-b border-slate-300" : ""}`}
        >
          <span aria-hidden="true">{flagEmoji(option.iso)}</span>
          <span className="flex-1">{option.name}</span>
          <span className="text-slate-700">+{option.dial}</span>
        </div>
      ))}
    </div>
  );
}

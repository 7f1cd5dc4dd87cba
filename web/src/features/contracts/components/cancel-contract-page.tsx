import "../i18n.ts";
import {
  CANCEL_REASON_MAX_LENGTH,
  CANCELLATION_KINDS,
  type CancellableContract,
  type CancellationKind,
  type ContractCancelReply,
  ContractCancelRequestSchema,
  errorMessage,
  isErrorCode,
  PAGE_TITLES,
} from "@atelier/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { FieldError, FormMessage, inputClass, TextField } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { errorCodesByField } from "../../../lib/error-codes.ts";
import { berlinDateTime, formatDate } from "../../../lib/format.ts";
import type { Session } from "../../../lib/session.ts";
import { cancellableQueryOptions, declareCancellation } from "../api/contracts-api.ts";

type Field = "name" | "email" | "contract" | "kind" | "reason" | "end";
const FIELDS: Field[] = ["name", "email", "contract", "kind", "reason", "end"];

/** The cancellation's fields as the parent fills them in. */
type Draft = {
  name: string;
  email: string;
  /** The chosen running contract (its order item), or "" to name one by its number. */
  item: string;
  contract: string;
  kind: CancellationKind;
  reason: string;
  endMode: "next_possible" | "date";
  endDate: string;
};

/**
 * The cancellation form's state and its sending: the signed-in parent's running contracts to choose from, the
 * fields (name and e-mail from the account), the contract's rule checked before sending, and the server's
 * refusal per field, in the page's language.
 */
function useCancellation(session: Session | null, preselect: number | undefined) {
  const { t } = useTranslation("contracts");
  const locale = useLocale();
  const contracts = useQuery({
    ...cancellableQueryOptions(String(session?.user.pk ?? "guest")),
    enabled: session !== null,
  });
  const user = session?.user;
  const [draft, setDraft] = useState<Draft>(() => ({
    name: `${user?.first_name ?? ""} ${user?.last_name ?? ""}`.trim(),
    email: user?.email ?? "",
    item: preselect ? String(preselect) : "",
    contract: "",
    kind: "ordinary",
    reason: "",
    endMode: "next_possible",
    endDate: "",
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | undefined>();
  const offered = contracts.data ?? [];
  const chosen = offered.find((entry) => String(entry.item) === draft.item);
  const send = useMutation({ mutationFn: declareCancellation });
  const message = (code: string) => (isErrorCode(code) ? errorMessage(code, locale) : code);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setGeneral(undefined);
    const body = {
      name: draft.name,
      email: draft.email,
      contract: chosen ? chosen.contract_number : draft.contract,
      ...(chosen ? { item: chosen.item } : {}),
      kind: draft.kind,
      reason: draft.reason,
      end: draft.endMode === "next_possible" ? "next_possible" : draft.endDate,
    };
    const parsed = ContractCancelRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "") as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = message(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(body, {
      onError: (error) => {
        // The stable codes, in the page's language (D8), not the server's prose.
        const codes = errorCodesByField(error);
        const found: Partial<Record<Field, string>> = {};
        for (const field of FIELDS) {
          const code = codes[field]?.[0];
          if (code) found[field] = message(code);
        }
        setErrors(found);
        if (Object.keys(found).length === 0) setGeneral(t("failed"));
      },
    });
  }

  return {
    draft,
    set,
    offered,
    chosen,
    errors,
    general,
    submit,
    sending: send.isPending,
    received: send.data,
  };
}

/**
 * "Verträge hier kündigen" (§ 312k BGB, D73): a parent cancels a subscription without signing in and
 * without a password. Signed in, the running contracts are offered and name and e-mail are filled in;
 * otherwise the contract is named by its random number (D91) and the e-mail of the account or the order. After
 * "jetzt kündigen" the page says when the declaration was received; the mail to the account confirms it.
 */
export function CancelContractPage({ session, preselect }: { session: Session | null; preselect?: number }) {
  const { t } = useTranslation("contracts");
  const locale = useLocale();
  const ids = useId();
  const signedIn = session !== null;
  const { draft, set, offered, chosen, errors, general, submit, sending, received } = useCancellation(
    session,
    preselect,
  );

  if (received) return <CancellationReceived received={received} />;

  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.cancelContracts[locale]}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-800">{signedIn ? t("signedInIntro") : t("intro")}</p>
      <form
        noValidate
        onSubmit={submit}
        className="mt-8 max-w-2xl space-y-5"
        aria-describedby={`${ids}-general`}
      >
        {signedIn && offered.length > 0 ? (
          <ContractChoice id={`${ids}-item`} offered={offered} value={draft.item} onChange={set("item")} />
        ) : null}
        {chosen ? null : (
          <TextField
            label={t("contractNumber")}
            hint={t("contractNumberHint")}
            value={draft.contract}
            maxLength={40}
            required
            onChange={(event) => set("contract")(event.target.value)}
            error={errors.contract}
          />
        )}
        <TextField
          label={t("name")}
          value={draft.name}
          autoComplete="name"
          maxLength={129}
          required
          onChange={(event) => set("name")(event.target.value)}
          error={errors.name}
        />
        <TextField
          label={t("email")}
          hint={t("emailHint")}
          type="email"
          value={draft.email}
          autoComplete="email"
          maxLength={254}
          required
          onChange={(event) => set("email")(event.target.value)}
          error={errors.email}
        />
        <KindFieldset ids={ids} value={draft.kind} onChange={set("kind")} error={errors.kind} />
        <ReasonField ids={ids} value={draft.reason} onChange={set("reason")} error={errors.reason} />
        <EndFieldset
          ids={ids}
          mode={draft.endMode}
          onModeChange={set("endMode")}
          date={draft.endDate}
          onDateChange={set("endDate")}
          error={errors.end}
        />
        <div id={`${ids}-general`}>
          <FormMessage tone="error">{general}</FormMessage>
        </div>
        <div aria-live="polite" className="sr-only">
          {Object.values(errors).filter(Boolean).join(" ")}
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={sending}>
          {sending ? t("sending") : t("submit")}
        </button>
      </form>
    </Container>
  );
}

/** After "jetzt kündigen": when the declaration was received and where the confirmation goes (focused). */
function CancellationReceived({ received }: { received: ContractCancelReply }) {
  const { t } = useTranslation("contracts");
  const locale = useLocale();
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    doneRef.current?.focus();
  }, []);
  const at = berlinDateTime(received.received_at, locale);
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.cancelContracts[locale]}</h1>
      <div ref={doneRef} tabIndex={-1} role="status" data-testid="cancel-received" className="mt-6 max-w-2xl">
        <p className="rounded-lg border-l-4 border-green-700 bg-green-50 px-3 py-2 font-semibold text-green-900">
          {t("received", { at, email: received.email })}
        </p>
      </div>
    </Container>
  );
}

/** The signed-in parent's running contracts: child, number and paid-through date, or "" to type a number. */
function ContractChoice({
  id,
  offered,
  value,
  onChange,
}: {
  id: string;
  offered: CancellableContract[];
  value: string;
  onChange: (item: string) => void;
}) {
  const { t } = useTranslation("contracts");
  const locale = useLocale();
  const day = (isoDate: string) => formatDate(isoDate, locale);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {t("contract")}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("contractChoose")}</option>
        {offered.map((entry) => (
          <option key={entry.item} value={entry.item}>
            {entry.visitor_name
              ? t("contractOption", {
                  name: entry.name,
                  child: entry.visitor_name,
                  number: entry.contract_number,
                  date: day(entry.paid_through),
                })
              : t("contractOptionNoChild", {
                  name: entry.name,
                  number: entry.contract_number,
                  date: day(entry.paid_through),
                })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Ordinary or extraordinary cancellation, as radios. */
function KindFieldset({
  ids,
  value,
  onChange,
  error,
}: {
  ids: string;
  value: CancellationKind;
  onChange: (kind: CancellationKind) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation("contracts");
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{t("kind")}</legend>
      {CANCELLATION_KINDS.map((kind) => (
        <label key={kind} className="mt-2 flex items-center gap-2">
          <input
            type="radio"
            name={`${ids}-kind`}
            value={kind}
            checked={value === kind}
            onChange={() => onChange(kind)}
          />
          {t(kind)}
        </label>
      ))}
      <FieldError id={`${ids}-kind-error`} error={error} />
    </fieldset>
  );
}

/** The reason, in the parent's words. */
function ReasonField({
  ids,
  value,
  onChange,
  error,
}: {
  ids: string;
  value: string;
  onChange: (reason: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation("contracts");
  return (
    <div>
      <label htmlFor={`${ids}-reason`} className="block text-sm font-semibold text-slate-900">
        {t("reason")}
      </label>
      <textarea
        id={`${ids}-reason`}
        className={inputClass}
        rows={3}
        maxLength={CANCEL_REASON_MAX_LENGTH}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-reason-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${ids}-reason-error`} error={error} />
    </div>
  );
}

/** When the contract ends: at the next possible date, or on a date the parent names. */
function EndFieldset({
  ids,
  mode,
  onModeChange,
  date,
  onDateChange,
  error,
}: {
  ids: string;
  mode: Draft["endMode"];
  onModeChange: (mode: Draft["endMode"]) => void;
  date: string;
  onDateChange: (date: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation("contracts");
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{t("end")}</legend>
      <label className="mt-2 flex items-center gap-2">
        <input
          type="radio"
          name={`${ids}-end`}
          checked={mode === "next_possible"}
          onChange={() => onModeChange("next_possible")}
        />
        {t("nextPossible")}
      </label>
      <label className="mt-2 flex items-center gap-2">
        <input
          type="radio"
          name={`${ids}-end`}
          checked={mode === "date"}
          onChange={() => onModeChange("date")}
        />
        {t("date")}
      </label>
      {mode === "date" ? (
        <TextField
          className="mt-2 max-w-xs"
          label={t("dateLabel")}
          type="date"
          value={date}
          onChange={(event) => onDateChange(event.target.value)}
          error={error}
        />
      ) : (
        <FieldError id={`${ids}-end-error`} error={error} />
      )}
    </fieldset>
  );
}

import "../i18n.ts";
import {
  CANCEL_REASON_MAX_LENGTH,
  CANCELLATION_KINDS,
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
  const contracts = useQuery({
    ...cancellableQueryOptions(String(session?.user.pk ?? "guest")),
    enabled: signedIn,
  });
  const user = session?.user;
  const [name, setName] = useState(`${user?.first_name ?? ""} ${user?.last_name ?? ""}`.trim());
  const [email, setEmail] = useState(user?.email ?? "");
  const [item, setItem] = useState<string>(preselect ? String(preselect) : "");
  const [contract, setContract] = useState("");
  const [kind, setKind] = useState<CancellationKind>("ordinary");
  const [reason, setReason] = useState("");
  const [endMode, setEndMode] = useState<"next_possible" | "date">("next_possible");
  const [endDate, setEndDate] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | undefined>();
  const doneRef = useRef<HTMLDivElement>(null);

  const offered = contracts.data ?? [];
  const chosen = offered.find((entry) => String(entry.item) === item);
  const send = useMutation({ mutationFn: declareCancellation });
  const received: ContractCancelReply | undefined = send.data;
  useEffect(() => {
    if (received) doneRef.current?.focus();
  }, [received]);

  const message = (code: string) => (isErrorCode(code) ? errorMessage(code, locale) : code);
  const day = (isoDate: string) => formatDate(isoDate, locale);

  function submit(event: FormEvent) {
    event.preventDefault();
    setGeneral(undefined);
    const body = {
      name,
      email,
      contract: chosen ? chosen.contract_number : contract,
      ...(chosen ? { item: chosen.item } : {}),
      kind,
      reason,
      end: endMode === "next_possible" ? "next_possible" : endDate,
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

  if (received) {
    const at = berlinDateTime(received.received_at, locale);
    return (
      <Container className="py-12">
        <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.cancelContracts[locale]}</h1>
        <div
          ref={doneRef}
          tabIndex={-1}
          role="status"
          data-testid="cancel-received"
          className="mt-6 max-w-2xl"
        >
          <p className="rounded-lg border-l-4 border-green-700 bg-green-50 px-3 py-2 font-semibold text-green-900">
            {t("received", { at, email: received.email })}
          </p>
        </div>
      </Container>
    );
  }

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
          <div>
            <label htmlFor={`${ids}-item`} className="block text-sm font-semibold text-slate-900">
              {t("contract")}
            </label>
            <select
              id={`${ids}-item`}
              className={inputClass}
              value={item}
              onChange={(event) => setItem(event.target.value)}
            >
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
        ) : null}
        {chosen ? null : (
          <TextField
            label={t("contractNumber")}
            hint={t("contractNumberHint")}
            value={contract}
            maxLength={40}
            required
            onChange={(event) => setContract(event.target.value)}
            error={errors.contract}
          />
        )}
        <TextField
          label={t("name")}
          value={name}
          autoComplete="name"
          maxLength={129}
          required
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <TextField
          label={t("email")}
          hint={t("emailHint")}
          type="email"
          value={email}
          autoComplete="email"
          maxLength={254}
          required
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t("kind")}</legend>
          {CANCELLATION_KINDS.map((value) => (
            <label key={value} className="mt-2 flex items-center gap-2">
              <input
                type="radio"
                name={`${ids}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {t(value)}
            </label>
          ))}
          <FieldError id={`${ids}-kind-error`} error={errors.kind} />
        </fieldset>
        <div>
          <label htmlFor={`${ids}-reason`} className="block text-sm font-semibold text-slate-900">
            {t("reason")}
          </label>
          <textarea
            id={`${ids}-reason`}
            className={inputClass}
            rows={3}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <FieldError id={`${ids}-reason-error`} error={errors.reason} />
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t("end")}</legend>
          <label className="mt-2 flex items-center gap-2">
            <input
              type="radio"
              name={`${ids}-end`}
              checked={endMode === "next_possible"}
              onChange={() => setEndMode("next_possible")}
            />
            {t("nextPossible")}
          </label>
          <label className="mt-2 flex items-center gap-2">
            <input
              type="radio"
              name={`${ids}-end`}
              checked={endMode === "date"}
              onChange={() => setEndMode("date")}
            />
            {t("date")}
          </label>
          {endMode === "date" ? (
            <TextField
              className="mt-2 max-w-xs"
              label={t("dateLabel")}
              type="date"
              value={endDate}
              onChange={(event) => setEndDate(event.target.value)}
              error={errors.end}
            />
          ) : (
            <FieldError id={`${ids}-end-error`} error={errors.end} />
          )}
        </fieldset>
        <div id={`${ids}-general`}>
          <FormMessage tone="error">{general}</FormMessage>
        </div>
        <div aria-live="polite" className="sr-only">
          {Object.values(errors).filter(Boolean).join(" ")}
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={send.isPending}>
          {send.isPending ? t("sending") : t("submit")}
        </button>
      </form>
    </Container>
  );
}

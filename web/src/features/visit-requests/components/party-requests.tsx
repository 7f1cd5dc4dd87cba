import {
  errorMessage,
  type Locale,
  PARTY_CHILDREN_MAX,
  PARTY_DATES_MAX,
  type PartyRequest,
  type PartyRequestInput,
  type PartyRequestState,
  type ProductDetail,
} from "@atelier/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { api } from "../../../lib/api-client.ts";
import { errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { formatDate } from "../../../lib/format.ts";
import { partyAgesExample } from "../party-ages.ts";
import { ProfileRequestList } from "./profile-request-list.tsx";

/** Birthday parties are asked for, not bought (D158); the profile shows where each request stands (D159). */

const myPartyRequestsOptions = (userKey: string, locale: Locale) =>
  queryOptions({
    queryKey: ["my-party-requests", userKey, locale],
    queryFn: ({ signal }) => api.get<PartyRequest[]>("/api/v2/party_requests/", undefined, signal),
  });

const TEXTS = {
  de: {
    open: "Geburtstag anfragen",
    title: "Geburtstagsfeier anfragen",
    intro:
      "Nennen Sie uns bis zu drei Wunschtermine. Wir bestätigen einen davon und schicken Ihnen den Zahlungslink.",
    signIn: "Bitte melden Sie sich an, um eine Feier anzufragen.",
    signInButton: "Anmelden",
    option: "Paket",
    date: (n: number) => `Wunschtermin ${n}`,
    optional: "(optional)",
    children: (max: number) => `Anzahl der Kinder (höchstens ${max})`,
    ages: (example: string) => `Alter der Kinder (z. B. ${example})`,
    comment: "Kommentar (optional)",
    send: "Anfrage senden",
    sending: "Wird gesendet …",
    sent: "Danke! Ihre Anfrage ist bei uns. Den Stand sehen Sie in Ihrem Profil.",
    failed: "Die Anfrage konnte nicht gesendet werden. Bitte prüfen Sie die Angaben.",
    listTitle: "Ihre Geburtstagsanfragen",
    state: {
      sent: "Gesendet",
      confirmed: "Bestätigt – bitte bezahlen",
      paid: "Bezahlt",
      declined: "Abgelehnt",
      expired: "Reservierung abgelaufen – bitte melden Sie sich bei uns",
    } satisfies Record<PartyRequestState, string>,
    wished: "Wunschtermine",
    confirmedDate: "Termin",
    payHint: "Den Zahlungslink haben wir Ihnen per E-Mail geschickt.",
  },
  ru: {
    open: "Заявка на день рождения",
    title: "Заявка на день рождения",
    intro: "Укажите до трёх желаемых дат. Мы подтвердим одну из них и пришлём ссылку на оплату.",
    signIn: "Чтобы отправить заявку, войдите в личный кабинет.",
    signInButton: "Войти",
    option: "Пакет",
    date: (n: number) => `Желаемая дата ${n}`,
    optional: "(необязательно)",
    children: (max: number) => `Количество детей (не больше ${max})`,
    ages: (example: string) => `Возраст детей (например, ${example})`,
    comment: "Комментарий (необязательно)",
    send: "Отправить заявку",
    sending: "Отправляем…",
    sent: "Спасибо! Заявка получена. Её статус виден в профиле.",
    failed: "Не удалось отправить заявку. Проверьте, пожалуйста, данные.",
    listTitle: "Ваши заявки на день рождения",
    state: {
      sent: "Отправлена",
      confirmed: "Подтверждена — ожидает оплаты",
      paid: "Оплачена",
      declined: "Отклонена",
      expired: "Бронь истекла — пожалуйста, свяжитесь с нами",
    } satisfies Record<PartyRequestState, string>,
    wished: "Желаемые даты",
    confirmedDate: "Дата",
    payHint: "Ссылку на оплату мы отправили вам по электронной почте.",
  },
} as const;

/** The preferred days' positions: fixed, so they serve as keys. */
const DATE_SLOTS = Array.from({ length: PARTY_DATES_MAX }, (_, index) => index);

const inputClass = "mt-1 block w-full max-w-full rounded-md border border-slate-400 px-3 py-2 text-base";

/** The request form on a party's page: signed-in parents only (the order is built for their account). */
/**
 * The form opens below the button, on a phone below the fold: it is brought into view with the focus on
 * its heading, so the parent (and a screen reader) lands where it starts (issue 32 item 10).
 */
function useFocusWhenOpened(open: boolean) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!open) return;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "start" });
  }, [open]);
  return headingRef;
}

/** Sends the request; the server's field errors as texts of the page's language. */
function useSendPartyRequest() {
  const errorText = useErrorText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: PartyRequestInput) => api.post<PartyRequest>("/api/v2/party_requests/", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["my-party-requests"] }),
  });
  const fieldErrors = send.error ? errorCodesByField(send.error) : {};
  const errorOf = (...fields: string[]) => {
    const code = fields.flatMap((field) => fieldErrors[field] ?? [])[0];
    return code ? errorText(code) : undefined;
  };
  /** A refusal that names a number the form knows, such as the package's most children. */
  const errorWith = (field: string, params: Record<string, number>) => {
    const code = fieldErrors[field]?.[0];
    return code ? errorMessage(code, locale, params) : undefined;
  };
  return { send, errorOf, errorWith };
}

/**
 * A party's request: the button that opens it, then (signed in) the form or the thanks once it is sent;
 * a guest is asked to sign in first.
 */
export function PartyRequestForm({
  product,
  userKey,
  onSignIn,
}: {
  product: ProductDetail;
  userKey: string | null;
  onSignIn: () => void;
}) {
  const locale = useLocale();
  const t = TEXTS[locale];
  const id = useId();
  const [open, setOpen] = useState(false);
  const headingRef = useFocusWhenOpened(open);
  const request = useSendPartyRequest();
  // Sent, the form (and its button, which had the focus) gives way to the thanks: the focus goes to the
  // heading above them, and the thanks are read (D619).
  useEffect(() => {
    if (request.send.isSuccess) headingRef.current?.focus();
  }, [request.send.isSuccess, headingRef]);

  if (!open)
    return (
      <button type="button" className={buttonStyles.primary} onClick={() => setOpen(true)}>
        {t.open}
      </button>
    );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4 w-full max-w-xl rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none"
      >
        {t.title}
      </h2>
      <p className="mt-2">{t.intro}</p>
      {userKey === null ? (
        <>
          <p className="mt-3">{t.signIn}</p>
          <button type="button" className={`${buttonStyles.primary} mt-3`} onClick={onSignIn}>
            {t.signInButton}
          </button>
        </>
      ) : request.send.isSuccess ? (
        <p role="status" className="mt-3 font-semibold">
          {t.sent}
        </p>
      ) : (
        <PartyRequestFields product={product} id={id} t={t} request={request} />
      )}
    </section>
  );
}

type Texts = (typeof TEXTS)[Locale];

/** A control's label above it and its error below; the control carries `${id}-${name}` and {@link described}. */
function LabelledField({
  id,
  name,
  label,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="mt-3">
      <label htmlFor={`${id}-${name}`} className="block font-semibold">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-${name}-error`} className="mt-1 text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A control's invalid state, pointing at its error below. */
const described = (id: string, name: string, error: string | undefined) =>
  error ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {};

/** Up to three wished days (the first required), each with the server's refusal of it below. */
function WishedDates({
  id,
  t,
  dates,
  setDates,
  errorOf,
}: {
  id: string;
  t: Texts;
  dates: string[];
  setDates: Dispatch<SetStateAction<string[]>>;
  errorOf: (...fields: string[]) => string | undefined;
}) {
  return (
    <>
      {DATE_SLOTS.map((index) => {
        const error = errorOf(`dates.${index}`, ...(index === 0 ? ["dates"] : []));
        return (
          <div key={`date-${index}`}>
            <LabelledField
              id={id}
              name={`date-${index}`}
              label={`${t.date(index + 1)}${index > 0 ? ` ${t.optional}` : ""}`}
              error={error}
            >
              <input
                id={`${id}-date-${index}`}
                type="date"
                className={inputClass}
                required={index === 0}
                value={dates[index] ?? ""}
                onChange={(event) =>
                  setDates((old) => old.map((day, i) => (i === index ? event.target.value : day)))
                }
                {...described(id, `date-${index}`, error)}
              />
            </LabelledField>
          </div>
        );
      })}
    </>
  );
}

/** The request's fields: the package, up to three wished days, how many children, their ages, a comment. */
function PartyRequestFields({
  product,
  id,
  t,
  request: { send, errorOf, errorWith },
}: {
  product: ProductDetail;
  id: string;
  t: Texts;
  request: ReturnType<typeof useSendPartyRequest>;
}) {
  const [option, setOption] = useState(String(product.purchase_options[0]?.id ?? ""));
  const maxChildren =
    product.purchase_options.find((o) => String(o.id) === option)?.max_children ?? PARTY_CHILDREN_MAX;
  const childrenError = errorWith("children_count", { max: maxChildren });
  const [dates, setDates] = useState<string[]>(["", "", ""]);
  const [children, setChildren] = useState("");
  const [ages, setAges] = useState("");
  const [comment, setComment] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  // Refused, the focus goes to the first field the server named, in the page's order (D619).
  useEffect(() => {
    if (send.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [send.error]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate({
      product_page: product.id,
      purchase_option: Number(option),
      dates: dates.filter(Boolean),
      // Left empty, the number is not sent, and the server says it is required (not "too small").
      ...(children.trim() === "" ? {} : { children_count: Number(children) }),
      ages: ages
        .split(/[,;\s]+/)
        .filter(Boolean)
        .map(Number),
      comment,
    } as PartyRequestInput);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <LabelledField id={id} name="option" label={t.option} error={errorOf("purchase_option")}>
        <select
          id={`${id}-option`}
          className={inputClass}
          value={option}
          onChange={(event) => setOption(event.target.value)}
          {...described(id, "option", errorOf("purchase_option"))}
        >
          {product.purchase_options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </LabelledField>
      <WishedDates id={id} t={t} dates={dates} setDates={setDates} errorOf={errorOf} />
      <LabelledField id={id} name="children" label={t.children(maxChildren)} error={childrenError}>
        <input
          id={`${id}-children`}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxChildren}
          required
          className={inputClass}
          value={children}
          onChange={(event) => setChildren(event.target.value)}
          {...described(id, "children", childrenError)}
        />
      </LabelledField>
      <LabelledField
        id={id}
        name="ages"
        label={t.ages(partyAgesExample(product.age_group))}
        error={errorOf("ages", "ages.0")}
      >
        <input
          id={`${id}-ages`}
          type="text"
          inputMode="numeric"
          required
          className={inputClass}
          value={ages}
          onChange={(event) => setAges(event.target.value)}
          {...described(id, "ages", errorOf("ages", "ages.0"))}
        />
      </LabelledField>
      <LabelledField id={id} name="comment" label={t.comment} error={errorOf("comment")}>
        <textarea
          id={`${id}-comment`}
          rows={3}
          className={inputClass}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          {...described(id, "comment", errorOf("comment"))}
        />
      </LabelledField>
      <div role="alert" aria-live="assertive">
        {send.isError ? <p className="mt-3 font-semibold text-red-800">{t.failed}</p> : null}
      </div>
      <button type="submit" className={`${buttonStyles.primary} mt-4`} disabled={send.isPending}>
        {send.isPending ? t.sending : t.send}
      </button>
    </form>
  );
}

/** The parent's party requests in the profile (D159); nothing while there are none. */
export function MyPartyRequests({ userKey }: { userKey: string }) {
  const locale = useLocale();
  const t = TEXTS[locale];
  const requests = useQuery(myPartyRequestsOptions(userKey, locale));
  if (!requests.data?.length) return null;
  return (
    <ProfileRequestList
      id="my-party-requests"
      title={t.listTitle}
      items={requests.data}
      testId="my-party-request"
    >
      {(request) => (
        <>
          <p className="font-semibold break-words">
            {request.product_name} – {request.option_name}
          </p>
          <p>
            {request.confirmed_date
              ? `${t.confirmedDate}: ${formatDate(request.confirmed_date, locale)}`
              : `${t.wished}: ${request.dates.map((day) => formatDate(day, locale)).join(", ")}`}
          </p>
          <p className="font-semibold">{t.state[request.state]}</p>
          {request.state === "confirmed" ? <p>{t.payHint}</p> : null}
        </>
      )}
    </ProfileRequestList>
  );
}

import "../i18n.ts";
import type { AcademyWeek, Locale, ProductDetail, ScheduleSlot } from "@atelier/contract";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate, formatTime, slotDay } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import type { AgeRefusal, SlotChoice } from "../booking.ts";

// The booking form's choices (issue 33): the option, the weekly or dated slots and the academy weeks, each a
// group of radios or checkboxes with its seats, age notes and waiting-list button, and the styles and group
// frame they share with the child step.

// min-w-0: a fieldset is as wide as its widest content by default, which pushed a 320 px page sideways.
export const fieldset = "min-w-0 space-y-3 rounded-2xl border-2 border-slate-300 p-4";
export const legend = "px-1 text-lg font-bold text-slate-900";
export const choiceRow =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 has-[:checked]:border-orange-800 has-[:checked]:bg-orange-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70";
export const choiceInput = "size-5 shrink-0 accent-orange-800";

/**
 * The waiting-list button beside a full slot or week (the waiting-list feature), handed in by the app layer.
 */
export type JoinWaitingListComponent = ComponentType<{
  unit: { schedule_slot: number } | { academy_week: number };
  when: string;
  optionId: string | null;
  visitorId: string | null;
  visitorName: string | null;
}>;

/** The booking a waiting-list entry would be for: what the form holds so far. */
export type WaitingFor = { optionId: string | null; visitorId: string | null; visitorName: string | null };

/** What the slot and week groups share: the form's field, its value and the age and waiting-list notes. */
type UnitGroupProps<Unit> = {
  formId: string;
  register: UseFormRegisterReturn;
  error: string | undefined;
  /** The units (slots or weeks) the form holds (one id or a list). */
  chosen: string[] | string;
  unitRefusal: (unit: Unit) => AgeRefusal | null;
  /** The whole booking is refused for age: its notice says it, the notes beside the units stay quiet. */
  ageRefused: boolean;
  childName: string | undefined;
  JoinWaitingList: JoinWaitingListComponent | undefined;
  waitingFor: WaitingFor;
};

/** The purchase options as radios, each with its meetings and its price (monthly for a subscription). */
export function OptionGroup({
  product,
  formId,
  register,
  error,
}: {
  product: ProductDetail;
  formId: string;
  register: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <Group legendText={t("buy.optionLegend")} error={error}>
      {(describedBy) =>
        product.purchase_options.map((o) => (
          <label key={o.id} className={choiceRow}>
            <input
              type="radio"
              value={String(o.id)}
              form={formId}
              className={choiceInput}
              aria-describedby={describedBy}
              {...register}
            />
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <span className="block font-semibold">{o.name}</span>
              {o.number_of_meetings ? (
                <span className="block text-sm text-slate-700">
                  {t("buy.meetings", { count: o.number_of_meetings })}
                </span>
              ) : null}
            </span>
            {/* On a 320 px phone "79,00 € / месяц" may break after the amount (its € is held by a
                no-break space) rather than push the page sideways. */}
            <span className="text-right font-semibold sm:whitespace-nowrap">
              {o.is_recurring
                ? t("buy.perMonth", { price: formatEuro(o.base_price_cents, locale) })
                : formatEuro(o.base_price_cents, locale)}
            </span>
          </label>
        ))
      }
    </Group>
  );
}

/**
 * The option's weekly or dated slots: one radio, or as many checkboxes as the option takes. A full slot is
 * disabled (the waiting list beside it when one slot is booked); so is a date the child does not fit on.
 */
export function SlotGroup({
  choice,
  formId,
  register,
  error,
  chosen,
  unitRefusal,
  ageRefused,
  childName,
  JoinWaitingList,
  waitingFor,
}: UnitGroupProps<ScheduleSlot> & { choice: Extract<SlotChoice, { kind: "weekly" | "dated" }> }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const unitOff = (slot: ScheduleSlot) => choice.kind === "dated" && unitRefusal(slot) !== null;
  return (
    <Group
      legendText={
        choice.kind === "dated" ? t("buy.datedLegend") : t("buy.slotsLegend", { count: choice.count })
      }
      error={error}
    >
      {(describedBy) =>
        choice.slots.length === 0 ? (
          <p>{t("buy.noSlots")}</p>
        ) : (
          choice.slots.map((slot) => (
            <div key={slot.id}>
              <label className={choiceRow}>
                <input
                  type={choice.count === 1 ? "radio" : "checkbox"}
                  value={String(slot.id)}
                  form={formId}
                  disabled={slot.space <= 0 || (unitOff(slot) && !isChosen(chosen, slot.id))}
                  className={choiceInput}
                  aria-describedby={describedBy}
                  {...register}
                />
                <SlotText slot={slot} />
              </label>
              <UnitAgeNote
                refusal={unitOff(slot) && !ageRefused ? unitRefusal(slot) : null}
                name={childName}
              />
              {JoinWaitingList && slot.space <= 0 && choice.count === 1 ? (
                <JoinWaitingList
                  unit={{ schedule_slot: slot.id }}
                  when={slotWhen(slot, locale)}
                  {...waitingFor}
                />
              ) : null}
            </div>
          ))
        )
      }
    </Group>
  );
}

/** The academy's weeks as checkboxes; a full week offers the waiting list, one the child does not fit is off. */
export function WeekGroup({
  weeks,
  formId,
  register,
  error,
  chosen,
  unitRefusal,
  ageRefused,
  childName,
  JoinWaitingList,
  waitingFor,
}: UnitGroupProps<AcademyWeek> & { weeks: AcademyWeek[] }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <Group legendText={t("buy.weeksLegend")} hint={t("buy.weeksHint")} error={error}>
      {(describedBy) =>
        weeks.length === 0 ? (
          <p>{t("buy.noSlots")}</p>
        ) : (
          weeks.map((week) => (
            <WeekRow
              key={week.id}
              week={week}
              input={{
                form: formId,
                "aria-describedby": describedBy,
                disabled: week.space <= 0 || (unitRefusal(week) !== null && !isChosen(chosen, week.id)),
                ...register,
              }}
              note={<UnitAgeNote refusal={ageRefused ? null : unitRefusal(week)} name={childName} />}
            >
              {JoinWaitingList && week.space <= 0 ? (
                <JoinWaitingList
                  unit={{ academy_week: week.id }}
                  when={t("buy.weekRange", {
                    from: formatDate(week.starts_on, locale),
                    to: formatDate(week.ends_on, locale),
                  })}
                  {...waitingFor}
                />
              ) : null}
            </WeekRow>
          ))
        )
      }
    </Group>
  );
}

/** One academy week to tick: its dates, season and seats, the age note and the waiting list below it. */
function WeekRow({
  week,
  input,
  note,
  children,
}: {
  week: AcademyWeek;
  input: ComponentProps<"input">;
  note: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <div>
      <label className={choiceRow}>
        <input type="checkbox" value={String(week.id)} className={choiceInput} {...input} />
        <span className="flex-1">
          <span className="block font-semibold">
            {t("buy.weekRange", {
              from: formatDate(week.starts_on, locale),
              to: formatDate(week.ends_on, locale),
            })}
          </span>
          <span className="block text-sm text-slate-700">
            {week.season_name} · <Seats space={week.space} />
          </span>
        </span>
      </label>
      {note}
      {children}
    </div>
  );
}

/** Whether a form value (one id or a list of ids) holds `id`. */
const isChosen = (value: string[] | string, id: number) => asIds(value).includes(String(id));

/** Beside one offered date or week the chosen child does not fit on its own day (D295). */
function UnitAgeNote({ refusal, name }: { refusal: AgeRefusal | null; name: string | undefined }) {
  const { t } = useTranslation("cart");
  if (!refusal || !name) return null;
  return (
    <p className="mt-1 px-3 text-sm text-slate-700">
      {t(refusal.code === "child_age_week" ? "buy.unitAgeNoteWeek" : "buy.unitAgeNote", {
        name,
        count: refusal.age,
      })}
    </p>
  );
}

/** A radio or checkbox group: fieldset and legend, an optional hint, the error announced (role=alert). */
export function Group({
  legendText,
  hint,
  error,
  children,
}: {
  legendText: string;
  hint?: string;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={fieldset} aria-invalid={error ? true : undefined}>
      <legend className={legend}>{legendText}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      <div role="alert">
        <FieldError id={`${id}-error`} error={error} />
      </div>
    </fieldset>
  );
}

/** A slot's day and time as one line ("Samstag, 11:00–14:00"). */
function slotWhen(slot: ScheduleSlot, locale: Locale) {
  const day = slotDay(slot, locale);
  return `${day}, ${formatTime(slot.start)}–${formatTime(slot.end)}`;
}

function SlotText({ slot }: { slot: ScheduleSlot }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const when = slotDay(slot, locale);
  return (
    <span className="flex-1">
      <span className="block font-semibold">
        {when}, {t("buy.slotTime", { start: formatTime(slot.start), end: formatTime(slot.end) })}
      </span>
      <span className="block text-sm text-slate-700">
        {slot.instructor_name ? `${slot.instructor_name} · ` : null}
        <Seats space={slot.space} />
      </span>
    </span>
  );
}

function Seats({ space }: { space: number }) {
  const { t } = useTranslation("cart");
  return space > 0 ? t("buy.seatsLeft", { count: space }) : <strong>{t("buy.full")}</strong>;
}

export const asIds = (value: string[] | string) => (Array.isArray(value) ? value : value ? [value] : []);

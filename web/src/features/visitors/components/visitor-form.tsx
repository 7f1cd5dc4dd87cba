import "../i18n.ts";
import {
  type ErrorCode,
  isErrorCode,
  NAME_MAX_LENGTH,
  todayInBerlin,
  type Visitor,
  type VisitorInput,
  VisitorInputSchema,
  visitorLabel,
} from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type UseFormSetError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, TextField } from "../../../components/ui/form-fields.tsx";
import { errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { saveVisitor } from "../api/visitors-api.ts";

const FIELDS = ["first_name", "last_name", "birth_date"] as const;

/**
 * Puts each refused field's code under its field, the first focused; answers what the form must say beside
 * them: nothing when a field says it, a refusal of the whole form (at most 20 children, D523) in the
 * contract's words, else the generic "try again".
 */
function showRefusal(error: unknown, setError: UseFormSetError<VisitorInput>): "generic" | ErrorCode | null {
  const byField = errorCodesByField(error);
  let focused = false;
  for (const field of FIELDS) {
    const code = byField[field]?.[0];
    if (!code) continue;
    setError(field, { message: code }, { shouldFocus: !focused });
    focused = true;
  }
  if (focused) return null;
  const whole = byField.non_field_errors?.[0];
  return whole && isErrorCode(whole) ? whole : "generic";
}

/**
 * Add or edit a child (react-hook-form + the contract's VisitorInputSchema). Signed in it saves on the
 * server; a guest's child is kept in local storage (spec §3). Errors sit under their fields and are
 * tied to them with aria-describedby; a failed save is announced in an alert region.
 */
export function VisitorForm({
  signedIn,
  visitor,
  onSaved,
  onCancel,
  headingLevel = 3,
}: {
  signedIn: boolean;
  /** The child to edit; a new child when absent. */
  visitor?: Visitor | undefined;
  onSaved: (visitor: Visitor) => void;
  onCancel?: (() => void) | undefined;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation("visitors");
  const errorText = useErrorText();
  const headingId = useId();
  const queryClient = useQueryClient();
  /** Why the save failed, when no field says it: the server's code beyond the fields, or a generic failure. */
  const [failed, setFailed] = useState<"generic" | ErrorCode | null>(null);
  const form = useForm<VisitorInput>({
    resolver: zodResolver(VisitorInputSchema),
    defaultValues: {
      first_name: visitor?.first_name ?? "",
      last_name: visitor?.last_name ?? "",
      birth_date: visitor?.birth_date ?? "",
    },
    mode: "onTouched",
  });
  const { errors } = form.formState;

  // The form opens because the parent asked for it ("Neues Kind anlegen", "Bearbeiten"): typing starts in
  // its first field, not back at the button that is gone now.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, []);

  const save = useMutation({
    mutationFn: (input: VisitorInput) => saveVisitor(signedIn, visitor?.id, input),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ["visitors"] });
      onSaved(saved);
    },
    onError: (error) => setFailed(showRefusal(error, form.setError)),
  });

  const Heading = `h${headingLevel}` as const;
  const fieldError = (field: (typeof FIELDS)[number]) => errorText(errors[field]?.message);
  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border-2 border-slate-300 bg-white p-4"
      onSubmit={(event) => {
        // A form nested in another page's form area must not submit the outer one.
        event.stopPropagation();
        void form.handleSubmit((values) => {
          setFailed(null);
          save.mutate(values);
        })(event);
      }}
    >
      <Heading id={headingId} className="text-lg font-bold text-slate-900">
        {visitor ? t("editHeading", { name: visitorLabel(visitor) }) : t("addHeading")}
      </Heading>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("fields.first_name")}
          autoComplete="off"
          maxLength={NAME_MAX_LENGTH}
          error={fieldError("first_name")}
          {...form.register("first_name")}
        />
        <TextField
          label={t("fields.last_name")}
          autoComplete="off"
          maxLength={NAME_MAX_LENGTH}
          error={fieldError("last_name")}
          {...form.register("last_name")}
        />
      </div>
      <TextField
        label={t("fields.birth_date")}
        type="date"
        max={todayInBerlin()}
        hint={t("birthDateHint")}
        error={fieldError("birth_date")}
        className="sm:max-w-xs"
        {...form.register("birth_date")}
      />
      <FormMessage tone="error">
        {failed === "generic" ? t("saveFailed") : failed ? errorText(failed) : null}
      </FormMessage>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {t("save")}
        </button>
        {onCancel ? (
          <button type="button" className={buttonStyles.ghost} onClick={onCancel}>
            {t("cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}

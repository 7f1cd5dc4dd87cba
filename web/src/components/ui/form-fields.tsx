import { PASSWORD_MAX_LENGTH } from "@atelier/contract";
import { type ComponentPropsWithRef, type ReactNode, useId, useState } from "react";

export const inputClass =
  "mt-1 block w-full rounded-lg border-2 border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-orange-800 focus:outline-none aria-[invalid=true]:border-red-700";

type FieldProps = Omit<ComponentPropsWithRef<"input">, "id"> & {
  label: ReactNode;
  /** Already translated error text; announced through aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  children?: ReactNode;
  /** Extra classes of the input itself (e.g. room for a button inside it). */
  inputClassName?: string;
  /** Announce the error when it appears (role="alert"), for errors that come from the server. */
  announceError?: boolean;
};

/** A labelled input whose error and hint are tied to it with aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  children,
  className,
  inputClassName,
  announceError,
  ...input
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // An error that only repeats the hint ("mindestens 2 Jahre alt") takes the hint's place: shown and read once.
  const hintShown = hint && !(typeof hint === "string" && hint === error) ? hint : null;
  const describedBy =
    [hintShown ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClassName ? `${inputClass} ${inputClassName}` : inputClass}
          {...input}
        />
        {children}
      </div>
      {hintShown ? (
        <div id={hintId} className="mt-1 text-sm text-slate-700">
          {hintShown}
        </div>
      ) : null}
      {announceError ? (
        <div role="alert">
          <FieldError id={errorId} error={error} />
        </div>
      ) : (
        <FieldError id={errorId} error={error} />
      )}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {error}
    </p>
  ) : null;
}

/** A password input with an accessible show/hide toggle (spec §2). */
export function PasswordField({ showLabel, ...props }: FieldProps & { showLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      maxLength={PASSWORD_MAX_LENGTH}
      {...props}
      type={visible ? "text" : "password"}
      inputClassName="pr-11"
    >
      <button
        type="button"
        aria-pressed={visible}
        aria-label={showLabel}
        // Keeps the focus (and the caret) in the password field: no blur, so no validation message
        // appears and moves the button away under the pointer.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setVisible((v) => !v)}
        className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
      >
        <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2" aria-hidden="true">
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
          <circle cx="12" cy="12" r="3" />
          {visible ? null : <path d="M4 4l16 16" strokeLinecap="round" />}
        </svg>
      </button>
    </TextField>
  );
}

/**
 * A message region that screen readers announce: `role="alert"` for errors, `role="status"` otherwise.
 * Rendered always (empty when there is nothing to say) so the live region exists before it changes.
 */
export function FormMessage({
  tone,
  children,
  testId,
  visuallyHidden = false,
}: {
  tone: "error" | "success" | "info";
  children?: ReactNode;
  testId?: string;
  /** Announced, not shown: for news the page already shows elsewhere. */
  visuallyHidden?: boolean;
}) {
  const colours = {
    error: "border-red-700 bg-red-50 text-red-900",
    success: "border-green-700 bg-green-50 text-green-900",
    info: "border-slate-400 bg-slate-50 text-slate-900",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} data-testid={testId}>
      {children ? (
        <p
          className={
            visuallyHidden ? "sr-only" : `rounded-lg border-l-4 px-3 py-2 text-sm font-semibold ${colours}`
          }
        >
          {children}
        </p>
      ) : null}
    </div>
  );
}

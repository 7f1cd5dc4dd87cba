import { type ReactNode, type Ref, useId } from "react";

type CheckboxProps = {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
  name?: string;
  /** Already translated error text; the box is marked invalid and described by it. */
  error?: string | undefined;
  /** Lets a form move the focus to the box (react-hook-form's `field.ref`). */
  inputRef?: Ref<HTMLInputElement>;
  "data-testid"?: string;
};

/**
 * A native checkbox with a visible label and an optional hint wired up as its description. Native, not
 * Radix: it is keyboard and screen-reader ready as it is, and it loads with the first visit's cookie
 * modal, where every kilobyte counts against the home page's budget (decision D23).
 */
export function Checkbox({
  label,
  hint,
  checked,
  onCheckedChange,
  onBlur,
  disabled,
  name,
  error,
  inputRef,
  ...rest
}: CheckboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        ref={inputRef}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={rest["data-testid"]}
        className="mt-0.5 size-5 shrink-0 accent-orange-800 disabled:cursor-not-allowed"
      />
      <div>
        <label htmlFor={id} className="font-semibold text-slate-900">
          {label}
        </label>
        {hint ? (
          <div id={hintId} className="text-sm text-slate-700">
            {hint}
          </div>
        ) : null}
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-semibold text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

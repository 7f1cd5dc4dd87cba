import { type ReactNode, type Ref, useId } from "react";

type CheckboxProps = {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
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
  disabled,
  inputRef,
  ...rest
}: CheckboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        aria-describedby={hint ? hintId : undefined}
        data-testid={rest["data-testid"]}
        className="mt-0.5 size-5 shrink-0 accent-orange-800 disabled:cursor-not-allowed"
      />
      <div>
        <label htmlFor={id} className="font-semibold text-slate-900">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-slate-700">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import { type ReactNode, useId } from "react";

type CheckboxProps = {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  "data-testid"?: string;
};

/** Radix checkbox with a visible label and an optional hint wired up as its description. */
export function Checkbox({ label, hint, checked, onCheckedChange, disabled, ...rest }: CheckboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <CheckboxPrimitive.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange?.(value === true)}
        aria-describedby={hint ? hintId : undefined}
        data-testid={rest["data-testid"]}
        className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2 border-slate-600 bg-white data-[state=checked]:border-orange-800 data-[state=checked]:bg-orange-800 disabled:cursor-not-allowed disabled:border-slate-500 disabled:bg-slate-500"
      >
        <CheckboxPrimitive.Indicator>
          <svg
            viewBox="0 0 16 16"
            className="size-3.5 fill-none stroke-white stroke-[2.5]"
            aria-hidden="true"
          >
            <path d="M3 8.5 6.5 12 13 4.5" />
          </svg>
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
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

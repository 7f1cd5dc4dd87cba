import { type ComponentProps, lazy, Suspense } from "react";
import type { PhoneFieldComponent } from "../../features/auth/components/sign-up-step.tsx";

// The phone input (about 240 countries) loads only when a form with a phone field shows.
const PhoneInput = lazy(() =>
  import("../../components/phone-input/phone-input.tsx").then((m) => ({ default: m.PhoneInput })),
);

/** The phone input (components/phone-input) as the sign-up forms get it: loaded on first show. */
export function PhoneField(props: ComponentProps<PhoneFieldComponent>) {
  return (
    <Suspense
      fallback={
        <input
          id={props.id}
          type="tel"
          value={props.value}
          readOnly
          className="mt-1 block w-full rounded-lg border-2 border-slate-400 px-3 py-2"
        />
      }
    >
      <PhoneInput {...props} />
    </Suspense>
  );
}

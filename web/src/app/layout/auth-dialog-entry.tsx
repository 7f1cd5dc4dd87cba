import { AuthDialog } from "../../features/auth/components/auth-dialog.tsx";
import { PhoneField } from "./phone-field.tsx";

export { PhoneField };

/** The sign-in dialog, loaded by the header the first time it opens. */
export function AuthDialogEntry({ held }: { held?: boolean }) {
  return <AuthDialog PhoneField={PhoneField} held={held} />;
}

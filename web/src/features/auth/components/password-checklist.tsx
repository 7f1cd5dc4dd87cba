import { type PasswordRule, unmetPasswordRules } from "@atelier/contract";
import { useTranslation } from "react-i18next";

const RULE_KEYS = {
  min_length: "rules.min_length",
  uppercase: "rules.uppercase",
  lowercase: "rules.lowercase",
  digit: "rules.digit",
  special: "rules.special",
} as const satisfies Record<PasswordRule, string>;

/** Spec §5: the sign-up checklist shows each rule the password does not meet yet. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation("auth");
  const unmet = unmetPasswordRules(password);
  return (
    <div id={id} aria-live="polite" className="mt-1 text-sm">
      {unmet.length === 0 ? (
        <p className="font-semibold text-green-800">{t("rules.allMet")}</p>
      ) : (
        <>
          <p className="text-slate-800">{t("rules.heading")}</p>
          <ul className="list-disc pl-5 text-slate-800" data-testid="password-checklist">
            {unmet.map((rule) => (
              <li key={rule}>{t(RULE_KEYS[rule])}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

import { Button, ButtonGroup } from "@mui/material";
import { useLocaleState } from "react-admin";

/** Deutsch / Русский, for pages outside react-admin's app bar (the sign-in page, the refusal page). */
export function LanguageSwitch() {
  const [locale, setLocale] = useLocaleState();
  return (
    <ButtonGroup size="small" aria-label="Sprache / Язык">
      {(["de", "ru"] as const).map((code) => (
        <Button
          key={code}
          variant={locale === code ? "contained" : "outlined"}
          onClick={() => setLocale(code)}
        >
          {code === "de" ? "Deutsch" : "Русский"}
        </Button>
      ))}
    </ButtonGroup>
  );
}

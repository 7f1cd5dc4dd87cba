import { type PasswordRule, unmetPasswordRules } from "@atelier/contract";
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from "@mui/material";
import { type FormEvent, useState } from "react";
import { useDataProvider, useGetIdentity, useNotify, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";

/**
 * "Mein Konto" (D242): staff and admins change their own password, reached from the user menu
 * (admin-layout.tsx). The server checks the current password and the sign-up rules (spec §5); the
 * checklist shows the rules as they are typed.
 */

const RULES: PasswordRule[] = ["min_length", "uppercase", "lowercase", "digit", "special"];
type Field = "old_password" | "new_password1" | "new_password2";

export function AccountPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [values, setValues] = useState<Record<Field, string>>({
    old_password: "",
    new_password1: "",
    new_password2: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const unmet = unmetPasswordRules(values.new_password1);
  const mismatch = values.new_password2 !== "" && values.new_password2 !== values.new_password1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await dataProvider.changeOwnPassword(values);
      setValues({ old_password: "", new_password1: "", new_password2: "" });
      notify("admin.account.saved", { type: "success" });
    } catch (error) {
      const body = (error as { body?: { errors?: Partial<Record<Field, string>> } }).body;
      setErrors(body?.errors ?? {});
      notify((error as Error).message, { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, autoComplete: string, helperText?: string) => (
    <TextField
      name={name}
      type="password"
      label={translate(`admin.account.${name}`)}
      value={values[name]}
      onChange={(event) => {
        setValues((v) => ({ ...v, [name]: event.target.value }));
        // The server's word on the value before no longer holds once it is changed.
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
      autoComplete={autoComplete}
      error={Boolean(errors[name]) || (name === "new_password2" && mismatch)}
      helperText={
        errors[name] ??
        (name === "new_password2" && mismatch ? translate("admin.account.mismatch") : helperText)
      }
      required
      fullWidth
    />
  );

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate("admin.account.title")}
        </Typography>
        {identity ? (
          <Typography sx={{ mb: 2 }}>
            {translate("admin.account.signed_in_as", { name: identity.fullName ?? "" })}
          </Typography>
        ) : null}
        <Typography variant="h6" component="h2" gutterBottom>
          {translate("admin.account.password_title")}
        </Typography>
        <Box component="form" onSubmit={submit} sx={{ display: "grid", gap: 2 }} noValidate>
          {field("old_password", "current-password")}
          {field("new_password1", "new-password", translate("admin.account.rules_hint"))}
          <Box component="ul" aria-label={translate("admin.account.rules_title")} sx={{ m: 0, pl: 3 }}>
            {RULES.map((rule) => (
              <Typography
                component="li"
                key={rule}
                variant="body2"
                color={unmet.includes(rule) ? "text.secondary" : "success.main"}
              >
                {`${unmet.includes(rule) ? "○" : "✓"} ${translate(`admin.account.rule.${rule}`)}`}
              </Typography>
            ))}
          </Box>
          {field("new_password2", "new-password")}
          <Alert severity="info">{translate("admin.account.sessions_hint")}</Alert>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={saving || unmet.length > 0 || mismatch || values.old_password === ""}
            >
              {translate("admin.account.save")}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

import { REMINDER_KINDS, type ReminderKind } from "@atelier/contract";
import { Alert, Box, FormControlLabel, FormGroup, Switch, Typography } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Title, useDataProvider, useNotify, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { failureText } from "../shared/use-staff-action.ts";

/**
 * The reminders' switches (D370): each kind on or off, saved at once (audited by the server), through the
 * data provider's own methods.
 */
export function ReminderSwitchesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const client = useQueryClient();
  const key = ["lesson-reminders"];
  const switches = useQuery({ queryKey: key, queryFn: () => dataProvider.getReminderSwitches() });
  const save = useMutation({
    mutationFn: (off: ReminderKind[]) => dataProvider.setReminderSwitches(off),
    onSuccess: (reply, off) => {
      client.setQueryData(key, reply);
      notify(
        off.length > (switches.data?.reminders_off.length ?? 0)
          ? "admin.lessons.reminders.saved_off"
          : "admin.lessons.reminders.saved_on",
        { type: "success" },
      );
    },
    onError: (failure) => notify(failure.message, { type: "error" }),
  });
  const off = switches.data?.reminders_off ?? [];
  return (
    <Box sx={{ p: 2, maxWidth: "48rem" }}>
      <Title title={translate("admin.lessons.reminders.title")} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate("admin.lessons.reminders.title")}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate("admin.lessons.reminders.intro")}</Typography>
      {switches.isError ? <Alert severity="error">{failureText(switches.error)}</Alert> : null}
      {switches.data ? (
        <FormGroup>
          {REMINDER_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              label={translate(`admin.lessons.reminders.${kind}`)}
              control={
                <Switch
                  checked={!off.includes(kind)}
                  disabled={save.isPending}
                  onChange={(event) =>
                    save.mutate(event.target.checked ? off.filter((one) => one !== kind) : [...off, kind])
                  }
                />
              }
            />
          ))}
        </FormGroup>
      ) : null}
    </Box>
  );
}

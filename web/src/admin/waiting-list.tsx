import type { AdminWaitingEntry } from "@atelier/contract";
import { INTL_LOCALES } from "@atelier/contract";
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  TextField,
  useTranslate,
} from "react-admin";
import { adminFetch } from "./data-provider.ts";
import { currentAdminLocale } from "./i18n.ts";
import { LocalDateField } from "./local-date-field.tsx";
import { useStaffAction } from "./use-staff-action.ts";

/**
 * The waiting lists for staff (issue 21, D162–D163): the queue per slot or week, first come first, with the
 * parent's contact; offer a seat to a chosen entry, take an entry off the list (with or without a mail).
 */

const STATUSES = ["waiting", "offered", "booked", "passed", "left"] as const;

function useUnitText() {
  const translate = useTranslate();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
      dateStyle: "medium",
    }).format(new Date(`${iso}T12:00:00Z`));
  return (entry: AdminWaitingEntry) => {
    if (entry.academy_week)
      return `${day(entry.academy_week.starts_on)} – ${day(entry.academy_week.ends_on)}`;
    const slot = entry.schedule_slot;
    if (!slot) return "–";
    const times = `${slot.start.slice(0, 5)}–${slot.end.slice(0, 5)}`;
    if (slot.date) return `${day(slot.date)}, ${times}`;
    return `${translate(`admin.weekdays.${slot.weekday ?? 0}`)}, ${times} (${translate("admin.waiting.weekly")})`;
  };
}

function WaitingFilters() {
  const translate = useTranslate();
  return [
    <NumberInput key="slot" source="slot" alwaysOn />,
    <NumberInput key="week" source="week" alwaysOn />,
    <NumberInput key="product" source="product" />,
    <SelectInput
      key="status"
      source="status"
      choices={STATUSES.map((id) => ({ id, name: translate(`admin.waiting.status.${id}`) }))}
    />,
  ];
}

function OfferButton({ entry }: { entry: AdminWaitingEntry }) {
  const translate = useTranslate();
  const { busy, run } = useStaffAction();
  if (entry.status !== "waiting") return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation();
        void run(() => adminFetch("POST", `waiting-list/${entry.id}/offer/`), "admin.waiting.offer_done");
      }}
    >
      {translate("admin.waiting.offer")}
    </Button>
  );
}

function RemoveButton({ entry }: { entry: AdminWaitingEntry }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [notifyParent, setNotifyParent] = useState(true);
  const { busy, error, run } = useStaffAction({ inDialog: true, onDone: () => setOpen(false) });
  const id = useId();
  if (entry.status !== "waiting" && entry.status !== "offered") return null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    await run(
      () => adminFetch("POST", `waiting-list/${entry.id}/remove/`, { body: { notify: notifyParent } }),
      "admin.waiting.remove_done",
    );
  }

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate("admin.waiting.remove")}
      </Button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
          <form onSubmit={submit} noValidate>
            <DialogTitle id={`${id}-title`}>
              {translate("admin.waiting.remove_title", { child: entry.child })}
            </DialogTitle>
            <DialogContent>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={notifyParent}
                    onChange={(event) => setNotifyParent(event.target.checked)}
                    name="notify"
                  />
                }
                label={translate("admin.waiting.remove_notify")}
              />
              {error ? (
                <Typography role="alert" color="error">
                  {error}
                </Typography>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>{translate("admin.waiting.cancel")}</Button>
              <Button type="submit" variant="contained" color="error" disabled={busy}>
                {translate("admin.waiting.remove_submit")}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}

export function WaitingList() {
  const translate = useTranslate();
  const unitText = useUnitText();
  return (
    <List sort={{ field: "id", order: "ASC" }} filters={WaitingFilters()}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          source="product_name"
          sortable={false}
          render={(e: AdminWaitingEntry) => e.product_name}
        />
        <FunctionField source="unit" sortable={false} render={(e: AdminWaitingEntry) => unitText(e)} />
        <FunctionField
          source="position"
          sortable={false}
          render={(e: AdminWaitingEntry) => e.position ?? "–"}
        />
        <FunctionField
          source="status"
          sortable={false}
          render={(e: AdminWaitingEntry) => translate(`admin.waiting.status.${e.status}`)}
        />
        <TextField source="child" sortable={false} />
        <TextField source="parent_name" sortable={false} />
        <TextField source="parent_email" sortable={false} />
        <TextField source="parent_phone" sortable={false} />
        <LocalDateField source="created_at" showTime />
        <LocalDateField source="offer_expires_at" showTime sortable={false} emptyText="–" />
        <FunctionField
          label=""
          render={(e: AdminWaitingEntry) => (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
              <OfferButton entry={e} />
              <RemoveButton entry={e} />
            </Box>
          )}
        />
      </Datagrid>
    </List>
  );
}

import type { AdminWaitingEntry } from "@atelier/contract";
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
import { useId, useMemo, useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { groupedPhone, telHref } from "../shared/contact-fields.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { OfferPicker } from "../shared/offer-picker.tsx";
import { staffCsv } from "../shared/staff-csv.ts";
import { useUnitText } from "../shared/unit-text.ts";
import { failureText, useStaffAction } from "../shared/use-staff-action.ts";

/**
 * The waiting lists for staff (issue 21, D162–D163): the queue per slot or week, first come first, with the
 * parent's contact; offer a seat to a chosen entry, take an entry off the list (with or without a mail).
 */

const STATUSES = ["waiting", "offered", "booked", "passed", "left"] as const;

/** The entry's week or slot, as every screen names one (D507). */
function useEntryUnitText() {
  const unitText = useUnitText();
  return (entry: AdminWaitingEntry) => {
    const unit = entry.academy_week ?? entry.schedule_slot;
    return unit ? unitText(unit) : "–";
  };
}

/** By offer (searchable, by name) and by the day of the lesson; by state. No numbers to know (issue 29). */
function useWaitingFilters() {
  const translate = useTranslate();
  // Built once per language: new elements on each render remount the offer picker (D233).
  return useMemo(
    () => [
      <OfferPicker key="product" source="product" alwaysOn label="resources.waiting-list.fields.product" />,
      <TextInput
        key="date"
        source="date"
        type="date"
        alwaysOn
        slotProps={{ inputLabel: { shrink: true } }}
      />,
      <SelectInput
        key="status"
        source="status"
        choices={STATUSES.map((id) => ({ id, name: translate(`admin.waiting.status.${id}`) }))}
      />,
    ],
    [translate],
  );
}

const noFreeSeat = (failure: unknown) =>
  JSON.stringify((failure as { body?: { error_codes?: unknown } }).body?.error_codes ?? "").includes(
    "waiting_no_free_seat",
  );

/**
 * "Offer a seat" (D162, D273): a free seat is offered at once; on a full slot or week staff are asked to
 * add one seat, and the seat and the offer are then made in one step.
 */
function OfferButton({ entry }: { entry: AdminWaitingEntry }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const { busy, error, run } = useStaffAction({ inDialog: true, onDone: () => setAsking(false) });
  const [trying, setTrying] = useState(false);
  const id = useId();
  if (entry.status !== "waiting") return null;
  async function first() {
    setTrying(true);
    try {
      // A full slot is a question to staff (D310), asked before offering: no refused request on the way.
      if ((await dataProvider.checkWaitingOffer(entry.id)).needs_seat) {
        setAsking(true);
        return;
      }
      await dataProvider.offerWaitingSeat(entry.id);
      notify("admin.waiting.offer_done", { type: "success" });
      refresh();
    } catch (failure) {
      if (noFreeSeat(failure)) setAsking(true);
      else notify(failureText(failure), { type: "error" });
    } finally {
      setTrying(false);
    }
  }
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={busy || trying}
        onClick={(event) => {
          event.stopPropagation();
          void first();
        }}
      >
        {translate("admin.waiting.offer")}
      </Button>
      {asking ? (
        <Dialog open onClose={() => setAsking(false)} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
          <DialogTitle id={`${id}-title`}>{translate("admin.waiting.add_seat_title")}</DialogTitle>
          <DialogContent>
            <Typography>{translate("admin.waiting.add_seat_text", { child: entry.child })}</Typography>
            {error ? (
              <Typography role="alert" color="error">
                {error}
              </Typography>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>{translate("admin.waiting.cancel")}</Button>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() =>
                void run(() => dataProvider.offerWaitingSeat(entry.id, true), "admin.waiting.offer_done")
              }
            >
              {translate("admin.waiting.add_seat_submit")}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}

function RemoveButton({ entry }: { entry: AdminWaitingEntry }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [notifyParent, setNotifyParent] = useState(true);
  const { busy, error, run } = useStaffAction({ inDialog: true, onDone: () => setOpen(false) });
  const id = useId();
  if (entry.status !== "waiting" && entry.status !== "offered") return null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    await run(() => dataProvider.removeWaitingEntry(entry.id, notifyParent), "admin.waiting.remove_done");
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

/** The parent: name, then e-mail and phone as links, one under the other (the list fits 1280 px). */
function ParentCell({ entry }: { entry: AdminWaitingEntry }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", overflowWrap: "anywhere" }}>
      <span>{entry.parent_name}</span>
      <a href={`mailto:${entry.parent_email}`}>{entry.parent_email}</a>
      {entry.parent_phone ? (
        <a href={telHref(entry.parent_phone)}>{groupedPhone(entry.parent_phone)}</a>
      ) : null}
    </Box>
  );
}

export function WaitingList() {
  const translate = useTranslate();
  const unitText = useEntryUnitText();
  const filters = useWaitingFilters();
  return (
    // An empty list still shows its filters (react-admin's empty page would hide them and read
    // "Noch kein Wartelisten."): staff filter by offer and day before any family has asked.
    <List exporter={staffCsv} sort={{ field: "id", order: "ASC" }} filters={filters} empty={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          source="product_name"
          sortable={false}
          render={(e: AdminWaitingEntry) => (
            <Box sx={{ display: "flex", flexDirection: "column" }}>
              <span>{e.product_name}</span>
              <span data-testid="waiting-unit">{unitText(e)}</span>
            </Box>
          )}
        />
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
        <FunctionField source="child" sortable={false} render={(e: AdminWaitingEntry) => e.child} />
        <FunctionField
          source="parent_name"
          sortable={false}
          render={(e: AdminWaitingEntry) => <ParentCell entry={e} />}
        />
        <LocalDateField source="created_at" showTime />
        <LocalDateField source="offer_expires_at" showTime sortable={false} emptyText="–" />
        <FunctionField
          label=""
          render={(e: AdminWaitingEntry) => (
            <Box sx={{ display: "flex", flexDirection: "column", gap: 1, alignItems: "stretch" }}>
              <OfferButton entry={e} />
              <RemoveButton entry={e} />
            </Box>
          )}
        />
      </Datagrid>
    </List>
  );
}

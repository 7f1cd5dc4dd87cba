import { ADMIN_PAGE_MAX, type AdminOrder, parseEuroCents, todayInBerlin } from "@atelier/contract";
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  TextField as MuiTextField,
  Typography,
} from "@mui/material";
import { useEffect, useId, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import { type AdminDataProvider, adminFetch } from "../providers/data-provider.ts";
import { type UnitForText, useUnitText } from "../shared/unit-text.ts";
import { failureText, useStaffAction } from "../shared/use-staff-action.ts";
import { euro, type Item } from "./order-format.ts";

/** "Already refunded in the payment account – only book it" (D562), while such money waits. */
function BookedBox({
  unbooked,
  booked,
  onChange,
}: {
  unbooked: number;
  booked: boolean;
  onChange: (booked: boolean) => void;
}) {
  const translate = useTranslate();
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={booked}
          onChange={(event) => onChange(event.target.checked)}
          name="booked_at_gateway"
        />
      }
      label={translate("admin.orders.refund_booked", { amount: euro(unbooked) })}
    />
  );
}

/**
 * The refund's amount in euros. The most that may be refunded is said under the field, not in its label: a
 * label that long was cut off (in Russian before the amount) and ran under the € sign. The refusal is read
 * first, then the help (MUI names its help `<id>-helper-text`).
 */
function RefundAmountField(props: {
  id: string;
  errorId: string | undefined;
  amount: string;
  onChange: (amount: string) => void;
  help: string;
}) {
  const translate = useTranslate();
  return (
    <MuiTextField
      id={props.id}
      label={translate("admin.orders.refund_amount")}
      value={props.amount}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{
        htmlInput: {
          inputMode: "decimal",
          "aria-describedby": [props.errorId ?? "", `${props.id}-helper-text`].filter(Boolean).join(" "),
        },
        input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
      }}
      fullWidth
      margin="normal"
      name="amount"
      helperText={props.help}
    />
  );
}

/** Refund an item in full or in part and/or cancel it; one request id per opened dialog (D128). */
export function RefundDialog({
  order,
  item,
  onClose,
}: {
  order: AdminOrder;
  item: Item;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const { busy, error, setError, run } = useStaffAction({ inDialog: true, onDone: onClose });
  const [requestId] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState("");
  const [cancel, setCancel] = useState(false);
  const [reason, setReason] = useState("");
  // Money a dashboard refund gave back is booked, not sent again (D562): offered while some waits, chosen
  // by staff for the item it was for (ticked for every item, it would book another item's money here).
  const unbooked = order.unbooked_gateway_cents;
  const [booked, setBooked] = useState(false);
  const max = booked
    ? Math.min(Math.max(0, item.paid_cents - item.refunded_cents), unbooked)
    : item.refundable_cents;
  const errorId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const text = amount.trim();
    const cents = text === "" ? null : parseEuroCents(text);
    if (cents === undefined) {
      setError(translate("admin.orders.refund_invalid_amount"));
      return;
    }
    await run(
      () =>
        dataProvider.refundOrderItem(order.id, {
          request_id: requestId,
          item: item.id,
          amount_cents: cents,
          cancel_item: cancel,
          reason,
          ...(booked ? { booked_at_gateway: true } : {}),
        }),
      "admin.orders.refund_done",
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${errorId}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${errorId}-title`}>
          {translate("admin.orders.refund_title", { item: `${item.name} (${item.child})` })}
        </DialogTitle>
        <DialogContent>
          {unbooked > 0 ? <BookedBox unbooked={unbooked} booked={booked} onChange={setBooked} /> : null}
          {/* The money may be a failed refund staff made by hand: that one is marked, not booked (D565). */}
          {booked && order.refunds.some((refund) => refund.state === "failed") ? (
            <Typography color="warning.main" data-testid="booked-failed-hint">
              {translate("admin.orders.unbooked_refund_failed")}
            </Typography>
          ) : null}
          <RefundAmountField
            id={`${errorId}-amount`}
            errorId={error ? errorId : undefined}
            amount={amount}
            onChange={setAmount}
            help={[
              translate("admin.orders.refund_amount_help", { max: euro(max) }),
              booked
                ? translate("admin.orders.refund_booked_hint")
                : order.gift_card_cents > 0
                  ? translate("admin.orders.refund_gift_card_hint")
                  : "",
            ]
              .filter(Boolean)
              .join(" ")}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={cancel}
                onChange={(event) => setCancel(event.target.checked)}
                disabled={item.status === "cancelled"}
                name="cancel_item"
              />
            }
            label={translate("admin.orders.refund_cancel")}
          />
          <MuiTextField
            label={translate("admin.orders.refund_reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            fullWidth
            margin="normal"
            name="reason"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {error ? (
            <Typography id={errorId} role="alert" color="error">
              {error}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("admin.orders.refund_cancel_button")}</Button>
          <Button type="submit" variant="contained" disabled={busy || reason.trim() === ""}>
            {translate("admin.orders.refund_submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type Unit = UnitForText & { id: number };

/**
 * Move the item's child from one of its slots or weeks to another of the same offer (D161): the choices are
 * the offer's slots of the same kind or its weeks; the server applies the seat and age rules.
 */
export function MoveDialog({ order, item, onClose }: { order: AdminOrder; item: Item; onClose: () => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const unitText = useUnitText();
  const kind: "slot" | "week" = item.weeks.length > 0 ? "week" : "slot";
  const held: Unit[] = kind === "week" ? item.weeks : item.slots;
  const [from, setFrom] = useState<number>(held[0]?.id ?? 0);
  const [to, setTo] = useState<number | "">("");
  // null until the offer's slots or weeks are read: the choice opens only on the full list.
  const [choices, setChoices] = useState<Unit[] | null>(null);
  const { busy, error, setError, run } = useStaffAction({ inDialog: true, onDone: onClose });
  const id = useId();

  useEffect(() => {
    const resource = kind === "week" ? "academy-weeks" : "slots";
    const filter =
      kind === "week"
        ? { product_page: item.product_page }
        : { product_page: item.product_page, archived: false };
    // One page of the largest size the admin lists give (a larger range is a 400, and the dialog said
    // "no other slot").
    adminFetch("GET", `${resource}/`, {
      query: { filter: JSON.stringify(filter), range: JSON.stringify([0, ADMIN_PAGE_MAX - 1]) },
    })
      .then(({ json }) => {
        const dated = held.some((u) => u.date);
        // Berlin's day, not UTC's: between midnight and 1-2 a.m. they differ (issue 33).
        const today = todayInBerlin();
        setChoices(
          (json as Unit[]).filter(
            (u) =>
              !held.some((h) => h.id === u.id) &&
              (kind === "week"
                ? (u.ends_on ?? "") >= today
                : dated
                  ? Boolean(u.date) && (u.date ?? "") >= today
                  : u.weekday !== null && u.weekday !== undefined),
          ),
        );
      })
      .catch((failure: unknown) => {
        setChoices([]);
        setError(failureText(failure));
      });
  }, [kind, item.product_page, held, setError]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (to === "") return;
    await run(
      () => dataProvider.moveOrderItem(order.id, { item: item.id, kind, from, to }),
      "admin.orders.move_done",
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>
          {translate("admin.orders.move_title", { item: `${item.name} (${item.child})` })}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2">{translate("admin.orders.move_hint")}</Typography>
          <MuiTextField
            select
            label={translate("admin.orders.move_from")}
            value={from}
            onChange={(event) => setFrom(Number(event.target.value))}
            fullWidth
            margin="normal"
            name="from"
          >
            {held.map((unit) => (
              <MenuItem key={unit.id} value={unit.id}>
                {unitText(unit)}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            select
            label={translate("admin.orders.move_to")}
            value={to}
            onChange={(event) => setTo(Number(event.target.value))}
            fullWidth
            required
            margin="normal"
            name="to"
            disabled={choices === null}
            error={Boolean(error)}
            slotProps={{ htmlInput: { "aria-describedby": error ? `${id}-error` : undefined } }}
          >
            {(choices ?? []).map((unit) => (
              <MenuItem key={unit.id} value={unit.id}>
                {unitText(unit)}
              </MenuItem>
            ))}
          </MuiTextField>
          {choices?.length === 0 ? (
            <Typography variant="body2">{translate("admin.orders.move_none")}</Typography>
          ) : null}
          {error ? (
            <Typography id={`${id}-error`} role="alert" color="error">
              {error}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("admin.orders.refund_cancel_button")}</Button>
          <Button type="submit" variant="contained" disabled={busy || to === ""}>
            {translate("admin.orders.move_submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import {
  ADMIN_PAGE_MAX,
  type AdminOrder,
  euroText,
  INTL_LOCALES,
  parseEuroCents,
  SCHOOL_TIME_ZONE,
  todayInBerlin,
} from "@atelier/contract";
import {
  Box,
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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useEffect, useId, useMemo, useState } from "react";
import {
  CreateButton,
  Datagrid,
  DateInput,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { downloadFile } from "./attendance-api.ts";
import { adminFetch } from "./data-provider.ts";
import { DetailShow } from "./detail.tsx";
import { useEnumLabel } from "./enum-labels.tsx";
import { currentAdminLocale } from "./i18n.ts";
import { LocalDateField } from "./local-date-field.tsx";
import { OfferPicker } from "./offer-picker.tsx";
import { failureText, useStaffAction } from "./use-staff-action.ts";

/** Orders in the back office (issue 21, D127–D129): the list with its filters and one order with its actions. */

const euro = (cents: number) => euroText(cents, currentAdminLocale());

const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: SCHOOL_TIME_ZONE,
      }).format(new Date(iso))
    : "–";

const STATUSES = [
  "awaiting_payment",
  "paid",
  "declined",
  "expired",
  "cancelled",
  "refunded",
  "cart",
] as const;
const PAYMENT_STATES = ["unpaid", "paid", "partly_refunded", "refunded", "needs_attention"] as const;

/** The list's filters, made once per language: new elements on each render remounted the offer picker. */
function orderFilters(translate: (key: string) => string) {
  const choices = (list: readonly string[], key: string) =>
    list.map((id) => ({ id, name: translate(`admin.orders.${key}.${id}`) }));
  return [
    <TextInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={choices(STATUSES, "status")} alwaysOn />,
    <SelectInput
      key="payment_state"
      source="payment_state"
      choices={choices(PAYMENT_STATES, "payment_state")}
      alwaysOn
    />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
    <OfferPicker key="product" source="product" />,
    <NumberInput key="parent" source="parent" />,
    <NumberInput key="child" source="child" />,
  ];
}

/** The list's buttons: filters, a phone booking (issue 29) and the export. */
function OrderListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton resource="staff-orders" label="admin.staff_orders.new" />
      <ExportButton />
    </TopToolbar>
  );
}

export function OrderList() {
  const translate = useTranslate();
  const filters = useMemo(() => orderFilters(translate), [translate]);
  return (
    <List sort={{ field: "created_at", order: "DESC" }} filters={filters} actions={<OrderListActions />}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" />
        <LocalDateField source="created_at" showTime />
        <FunctionField
          source="status"
          render={(r: AdminOrder) => translate(`admin.orders.status.${r.status}`)}
        />
        <FunctionField
          source="payment_state"
          sortable={false}
          render={(r: AdminOrder) => translate(`admin.orders.payment_state.${r.payment_state}`)}
        />
        <TextField source="parent_name" sortable={false} />
        <FunctionField source="children" sortable={false} render={(r: AdminOrder) => r.children.join(", ")} />
        <FunctionField source="products" sortable={false} render={(r: AdminOrder) => r.products.join(", ")} />
        <FunctionField source="total_cents" render={(r: AdminOrder) => euro(r.total_cents)} />
      </Datagrid>
    </List>
  );
}

function Section({ title, head, rows }: { title: string; head: string[]; rows: React.ReactNode[][] }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3, overflowX: "auto" }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are shown as read, never reordered
            <TableRow key={index}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells follow the header
                <TableCell key={column}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

type Item = AdminOrder["items"][number];

/** Refund an item in full or in part and/or cancel it; one request id per opened dialog (D128). */
function RefundDialog({ order, item, onClose }: { order: AdminOrder; item: Item; onClose: () => void }) {
  const translate = useTranslate();
  const { busy, error, setError, run } = useStaffAction({ inDialog: true, onDone: onClose });
  const [requestId] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState("");
  const [cancel, setCancel] = useState(false);
  const [reason, setReason] = useState("");
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
        adminFetch("POST", `orders/${order.id}/refunds/`, {
          body: {
            request_id: requestId,
            item: item.id,
            amount_cents: cents,
            cancel_item: cancel,
            reason,
          },
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
          <MuiTextField
            label={translate("admin.orders.refund_amount", { max: euro(item.refundable_cents) })}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            slotProps={{
              htmlInput: { inputMode: "decimal", "aria-describedby": error ? errorId : undefined },
              input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
            }}
            fullWidth
            margin="normal"
            name="amount"
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

type Unit = {
  id: number;
  weekday?: number | null;
  date?: string | null;
  start?: string;
  end?: string;
  starts_on?: string;
  ends_on?: string;
};

/** "Dienstag, 16:00–17:30 (wöchentlich)", "17.03.2027, 11:00–14:00" or "06.07.2027 – 10.07.2027". */
function useUnitText() {
  const translate = useTranslate();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
      dateStyle: "medium",
      timeZone: SCHOOL_TIME_ZONE,
    }).format(new Date(`${iso}T12:00:00Z`));
  return (unit: Unit) => {
    if (unit.starts_on && unit.ends_on) return `${day(unit.starts_on)} – ${day(unit.ends_on)}`;
    const times = `${unit.start?.slice(0, 5) ?? ""}–${unit.end?.slice(0, 5) ?? ""}`;
    if (unit.date) return `${day(unit.date)}, ${times}`;
    return `${translate(`admin.weekdays.${unit.weekday ?? 0}`)}, ${times} (${translate("admin.orders.weekly")})`;
  };
}

/**
 * Move the item's child from one of its slots or weeks to another of the same offer (D161): the choices are
 * the offer's slots of the same kind or its weeks; the server applies the seat and age rules.
 */
function MoveDialog({ order, item, onClose }: { order: AdminOrder; item: Item; onClose: () => void }) {
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
      () => adminFetch("POST", `orders/${order.id}/move/`, { body: { item: item.id, kind, from, to } }),
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

/**
 * Mail again what the parent needs now: an order waiting for its payment by link gets the link (D276), a
 * paid one its confirmation; an order that was never paid and has no link has nothing to resend.
 */
function ResendButton({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const { busy, run } = useStaffAction();
  const paid = order.payment_state !== "unpaid";
  const link = !paid && order.payment_link && order.status === "awaiting_payment";
  if (!paid && !link) return null;
  const [path, done, label] = link
    ? ["resend-payment-link", "admin.orders.resend_link_done", "admin.orders.resend_link"]
    : ["resend-confirmation", "admin.orders.resend_done", "admin.orders.resend"];
  return (
    <Button
      variant="outlined"
      disabled={busy}
      onClick={() => void run(() => adminFetch("POST", `orders/${order.id}/${path}/`), done)}
    >
      {translate(label)}
    </Button>
  );
}

/** Where an order's money stands, said in words: "Wartet auf Zahlung per Zahlungslink; reserviert bis …". */
function PaymentStanding({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  if (order.payment_state !== "unpaid") return null;
  const key =
    order.status === "awaiting_payment"
      ? order.payment_link
        ? "standing.awaiting_link"
        : "standing.awaiting"
      : "standing.never_paid";
  return (
    <Typography data-testid="order-standing" sx={{ mt: 1 }}>
      {translate(`admin.orders.${key}`, { until: when(order.reserved_until) })}
    </Typography>
  );
}

/** The order's number, state in words, parent and total, and what can be mailed again. */
function OrderHeader({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`admin.orders.${key}`);
  return (
    <>
      <Typography variant="h5" component="h1">
        {translate("resources.orders.name", { smart_count: 1 })} {order.id} · {t(`status.${order.status}`)} ·{" "}
        {t(`payment_state.${order.payment_state}`)}
      </Typography>
      <Typography>
        {order.parent_name} · {order.parent_email} · {when(order.created_at)} · {euro(order.total_cents)}
      </Typography>
      <PaymentStanding order={order} />
      <Box sx={{ mt: 2 }}>
        <ResendButton order={order} />
      </Box>
    </>
  );
}

function OrderDetails() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const [refunding, setRefunding] = useState<Item | null>(null);
  const [moving, setMoving] = useState<Item | null>(null);
  const notify = useNotify();
  const [unitText, label] = [useUnitText(), useEnumLabel()];
  if (!order) return null;
  const t = (key: string) => translate(`admin.orders.${key}`);
  const unpaid = order.payment_state === "unpaid";
  return (
    <Box sx={{ p: 2 }}>
      <OrderHeader order={order} />
      <Section
        title={t("sections.items")}
        head={[
          t("columns.item"),
          t("columns.child"),
          t("columns_booked"),
          t("columns.state"),
          // Money never received is not "paid": an unpaid order's lines say what is due (issue 29).
          unpaid ? t("columns.due") : t("columns.paid"),
          t("columns.refunded"),
          "",
        ]}
        rows={order.items.map((item) => [
          item.name,
          item.child,
          [...item.slots, ...item.weeks].map((unit) => unitText(unit)).join("; ") || "–",
          t(`item_status.${item.status}`),
          euro(item.paid_cents),
          euro(item.refunded_cents),
          <Box key="actions" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {item.withdrawn ? (
              t(
                `source.${order.refunds.find((r) => r.item === item.id && r.source !== "staff")?.source ?? "withdrawal"}`,
              )
            ) : unpaid ? null : (
              <Button variant="outlined" size="small" onClick={() => setRefunding(item)}>
                {t("refund_button")}
              </Button>
            )}
            {order.status === "paid" &&
            item.status === "active" &&
            !item.withdrawn &&
            item.slots.length + item.weeks.length > 0 ? (
              <Button variant="outlined" size="small" onClick={() => setMoving(item)}>
                {t("move_button")}
              </Button>
            ) : null}
          </Box>,
        ])}
      />
      <Section
        title={t("sections.payments")}
        head={[
          t("columns.kind"),
          t("columns.state"),
          t("columns.amount"),
          t("columns.refunded"),
          t("columns.when"),
        ]}
        rows={order.payments.map((p) => [
          label("payment_gateway", p.gateway),
          label("payment_status", p.status),
          euro(p.amount_cents),
          euro(p.refunded_cents),
          when(p.captured_at),
        ])}
      />
      <Section
        title={t("sections.refunds")}
        head={[
          t("columns.when"),
          t("columns.kind"),
          t("columns.item"),
          t("columns.amount"),
          t("columns.state"),
          t("columns.attempts"),
          t("columns.reason"),
          t("columns.credit_note"),
        ]}
        rows={order.refunds.map((r) => [
          when(r.created_at),
          t(`source.${r.source}`),
          order.items.find((i) => i.id === r.item)?.name ?? r.item,
          euro(r.amount_cents),
          t(`refund_state.${r.state}`),
          r.attempts,
          r.reason,
          r.credit_note_number ?? "–",
        ])}
      />
      <Section
        title={t("sections.mails")}
        head={[t("columns.when"), t("columns.to"), t("columns.subject"), t("columns.state")]}
        rows={order.mails.map((m) => [when(m.created_at), m.to, m.subject, label("mail_status", m.status)])}
      />
      <Section
        title={t("sections.documents")}
        head={[t("columns.number"), t("columns.kind"), t("columns.when"), t("columns.amount"), ""]}
        rows={order.documents.map((d) => [
          d.number,
          t(`kind.${d.kind}`),
          when(d.issued_at),
          euro(d.total_cents),
          <Button
            key="pdf"
            size="small"
            aria-label={`${t("pdf")}: ${d.number}`}
            onClick={() =>
              downloadFile(`orders/${order.id}/documents/${d.id}/pdf/`).catch((failure: unknown) =>
                notify(failureText(failure), { type: "error" }),
              )
            }
          >
            {t("pdf")}
          </Button>,
        ])}
      />
      {refunding ? <RefundDialog order={order} item={refunding} onClose={() => setRefunding(null)} /> : null}
      {moving ? <MoveDialog order={order} item={moving} onClose={() => setMoving(null)} /> : null}
    </Box>
  );
}

export function OrderShow() {
  return (
    <DetailShow>
      <OrderDetails />
    </DetailShow>
  );
}

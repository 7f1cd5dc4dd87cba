import type { AdminOrder, AdminOrderRefund } from "@atelier/contract";
import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useId, useRef, useState } from "react";
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { downloadFile } from "../shared/attendance-api.ts";
import { DetailShow } from "../shared/detail.tsx";
import { useEnumLabel } from "../shared/enum-labels.tsx";
import { useUnitText } from "../shared/unit-text.ts";
import { failureText, useStaffAction } from "../shared/use-staff-action.ts";
import { DisputesSection } from "./disputes-section.tsx";
import { MoveDialog, RefundDialog } from "./order-dialogs.tsx";
import { euro, type Item, lineShown, when } from "./order-format.ts";
import { SettleRefundDialog } from "./settle-refund-dialog.tsx";

/** One order in the back office (issue 21, D127–D129): its items, payments, refunds, mails and documents, and its actions. */

function Section({
  title,
  head,
  rows,
  headingRef,
}: {
  title: string;
  head: string[];
  rows: React.ReactNode[][];
  /** For a section focus is moved to (its heading then takes focus from code, not by Tab). */
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3, overflowX: "auto" }}>
      <Typography
        id={id}
        variant="h6"
        component="h2"
        gutterBottom
        {...(headingRef ? { ref: headingRef, tabIndex: -1 } : {})}
      >
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

/**
 * Mail again what the parent needs now: an order waiting for its payment by link gets the link (D276), a
 * paid one its confirmation; an order that was never paid and has no link has nothing to resend.
 */
function ResendButton({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { busy, run } = useStaffAction();
  const paid = order.payment_state !== "unpaid";
  const link = !paid && order.payment_link && order.status === "awaiting_payment";
  if (!paid && !link) return null;
  const [path, done, label] = link
    ? (["resend-payment-link", "admin.orders.resend_link_done", "admin.orders.resend_link"] as const)
    : (["resend-confirmation", "admin.orders.resend_done", "admin.orders.resend"] as const);
  return (
    <Button
      variant="outlined"
      disabled={busy}
      onClick={() => void run(() => dataProvider.resendOrderMail(order.id, path), done)}
    >
      {translate(label)}
    </Button>
  );
}

/**
 * An unpaid phone booking cancelled (D536): its seats free at once instead of when its hold runs out, its
 * link closed. Asked first; the parent is not mailed (staff booked it on the phone and tell them so).
 */
export function CancelUnpaidButton({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { busy, run } = useStaffAction();
  const [asking, setAsking] = useState(false);
  if (order.payment_state !== "unpaid" || !order.payment_link || order.status !== "awaiting_payment")
    return null;
  return (
    <>
      <Button variant="outlined" color="error" disabled={busy} onClick={() => setAsking(true)} sx={{ ml: 1 }}>
        {translate("admin.orders.cancel_unpaid")}
      </Button>
      <Confirm
        isOpen={asking}
        title="admin.orders.cancel_unpaid_title"
        content={translate("admin.orders.cancel_unpaid_text", {
          parent: order.parent_name || order.parent_email,
        })}
        confirm="admin.orders.cancel_unpaid"
        confirmColor="warning"
        onConfirm={() => {
          setAsking(false);
          void run(() => dataProvider.cancelUnpaidOrder(order.id), "admin.orders.cancel_unpaid_done");
        }}
        onClose={() => setAsking(false)}
      />
    </>
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

/**
 * Money the gateway gave back that no item carries (D562): a refund made in PayPal's or Stripe's dashboard.
 * Staff book it to an item, which issues its credit note; refunding it again in the shop would pay twice.
 */
function UnbookedRefund({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  if (order.unbooked_gateway_cents === 0) return null;
  return (
    // A standing note, not news: read where it stands, not announced on every load (role "status").
    <Alert severity="warning" role="status" sx={{ mt: 2 }} data-testid="unbooked-refund">
      {translate("admin.orders.unbooked_refund", { amount: euro(order.unbooked_gateway_cents) })}
      {/* Money a failed refund's parent got by hand in the dashboard is that refund's, not an item's (D565). */}
      {order.refunds.some((refund) => refund.state === "failed")
        ? ` ${translate("admin.orders.unbooked_refund_failed")}`
        : null}
    </Alert>
  );
}

/** The order's number, state in words, parent and total, and what can be mailed again. */
/** "Bestellung 3 · Bezahlt": the order's and its payment's state, one word once where both say the same. */
export const headerText = (name: string, id: number, states: string[]) =>
  [`${name} ${id}`, ...states.filter((state, index) => states.indexOf(state) === index)].join(" · ");

function OrderHeader({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`admin.orders.${key}`);
  return (
    <>
      <Typography variant="h5" component="h1">
        {headerText(translate("resources.orders.name", { smart_count: 1 }), order.id, [
          t(`status.${order.status}`),
          t(`payment_state.${order.payment_state}`),
        ])}
      </Typography>
      <Typography>
        {order.parent_name} · {order.parent_email} · {when(order.created_at)} · {euro(order.total_cents)}
        {order.gift_card_cents > 0
          ? ` · ${translate("admin.orders.gift_card_part", { amount: euro(order.gift_card_cents) })}`
          : null}
      </Typography>
      <PaymentStanding order={order} />
      <UnbookedRefund order={order} />
      <Box sx={{ mt: 2 }}>
        <ResendButton order={order} />
        <CancelUnpaidButton order={order} />
      </Box>
    </>
  );
}

/** An item's buttons: refund or cancel it (paid orders), move it (an active paid one with dates), or why it ended. */
export function ItemActions({
  order,
  item,
  onRefund,
  onMove,
}: {
  order: AdminOrder;
  item: Item;
  onRefund: () => void;
  onMove: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`admin.orders.${key}`);
  const unpaid = order.payment_state === "unpaid";
  // Nothing left to give back and nothing to cancel: no button that would offer at most 0,00 € (D492).
  // A refund in the gateway's dashboard still to be booked can go to a cancelled item too (D562).
  const settled =
    item.status === "cancelled" &&
    item.refundable_cents === 0 &&
    (order.unbooked_gateway_cents === 0 || item.paid_cents - item.refunded_cents <= 0);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
      {item.withdrawn ? (
        t(
          `source.${order.refunds.find((r) => r.item === item.id && r.source !== "staff")?.source ?? "withdrawal"}`,
        )
      ) : unpaid || settled ? null : (
        <Button variant="outlined" size="small" onClick={onRefund}>
          {t("refund_button")}
        </Button>
      )}
      {order.status === "paid" &&
      item.status === "active" &&
      !item.withdrawn &&
      item.slots.length + item.weeks.length > 0 ? (
        <Button variant="outlined" size="small" onClick={onMove}>
          {t("move_button")}
        </Button>
      ) : null}
    </Box>
  );
}

/** The order's invoices and credit notes, each downloadable as its PDF. */
function DocumentsSection({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string) => translate(`admin.orders.${key}`);
  return (
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
  );
}

/**
 * A refund's state in words: how a person settled it (D565), booked from the dashboard (D562), sent but not
 * paid out yet by the payment service (D572), or its state.
 */
function refundStateText(
  refund: AdminOrderRefund,
  t: (key: string) => string,
  label: ReturnType<typeof useEnumLabel>,
): string {
  if (refund.settled_by_hand) return label("refund_settlement", refund.settled_by_hand);
  if (refund.booked_at_gateway) return t("booked_at_gateway");
  // A reply of an instance of the version before has no `gateway_pending` (a rolling upgrade).
  return refund.gateway_pending ? t("pending_at_gateway") : t(`refund_state.${refund.state}`);
}

/** The order's refunds, each failed one with its way to be settled (D565). */
export function RefundsSection({
  order,
  onSettle,
  headingRef,
}: {
  order: AdminOrder;
  onSettle: (refund: AdminOrderRefund) => void;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const translate = useTranslate();
  const label = useEnumLabel();
  const t = (key: string) => translate(`admin.orders.${key}`);
  return (
    <Section
      title={t("sections.refunds")}
      headingRef={headingRef}
      head={[
        t("columns.when"),
        t("columns.kind"),
        t("columns.item"),
        t("columns.amount"),
        t("columns.state"),
        t("columns.attempts"),
        t("columns.reason"),
        t("columns.credit_note"),
        t("columns.actions"),
      ]}
      rows={order.refunds.map((r) => {
        const itemName = order.items.find((i) => i.id === r.item)?.name ?? String(r.item);
        return [
          when(r.created_at),
          t(`source.${r.source}`),
          itemName,
          r.gift_card_cents > 0
            ? `${euro(r.amount_cents)} (${translate("admin.orders.to_gift_card", { amount: euro(r.gift_card_cents) })})`
            : euro(r.amount_cents),
          refundStateText(r, t, label),
          r.attempts,
          r.reason,
          r.credit_note_number ?? "–",
          r.state === "failed" ? (
            <Button
              key="settle"
              size="small"
              variant="outlined"
              aria-label={translate("admin.orders.settle_button_label", { item: itemName })}
              onClick={() => onSettle(r)}
            >
              {t("settle_button")}
            </Button>
          ) : null,
        ];
      })}
    />
  );
}

/**
 * The refunds' table with its settling dialog (D565). After a settle the focus goes to the table's heading:
 * the settled row's button is gone, and the row's new state is read there.
 */
export function RefundsWithSettling({ order }: { order: AdminOrder }) {
  const [settling, setSettling] = useState<AdminOrderRefund | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <RefundsSection order={order} onSettle={setSettling} headingRef={heading} />
      {settling ? (
        <SettleRefundDialog
          order={order}
          refund={settling}
          onClose={() => setSettling(null)}
          // After the dialog gave focus back to the button it was opened from.
          onSettled={() => setTimeout(() => heading.current?.focus(), 0)}
        />
      ) : null}
    </>
  );
}

/** A line's money: paid, or due while the order waits; nothing for an unpaid order that ended (D614). */
function lineAmount(order: AdminOrder, item: Item) {
  const { cents } = lineShown(order, item);
  return cents === null ? "–" : euro(cents);
}

function OrderDetails() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const [refunding, setRefunding] = useState<Item | null>(null);
  const [moving, setMoving] = useState<Item | null>(null);
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
          t(`item_status.${lineShown(order, item).status}`),
          lineAmount(order, item),
          euro(item.refunded_cents),
          <ItemActions
            key="actions"
            order={order}
            item={item}
            onRefund={() => setRefunding(item)}
            onMove={() => setMoving(item)}
          />,
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
      <DisputesSection order={order} />
      <RefundsWithSettling order={order} />
      <Section
        title={t("sections.mails")}
        head={[t("columns.when"), t("columns.to"), t("columns.subject"), t("columns.state")]}
        rows={order.mails.map((m) => [
          when(m.created_at),
          m.to,
          m.subject,
          // A mail whose text is no longer kept (D563) says so: it cannot be sent again.
          m.texts_cleared
            ? `${label("mail_status", m.status)} · ${t("mail_text_cleared")}`
            : label("mail_status", m.status),
        ])}
      />
      <DocumentsSection order={order} />
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

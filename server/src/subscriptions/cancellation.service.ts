import {
  type CancellableContract,
  type ContractCancelReply,
  type ContractCancelRequest,
  type ItemCancelReply,
  type Locale,
  lastPaidDay,
  normalizeContractNumber,
} from "@atelier/contract";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail, enqueueStaffNotice } from "../mail/index.ts";
import { ownedSubscriptionOrRefuse } from "./owned-subscription.ts";
import type { SubscriptionsDeps } from "./subscriptions.deps.ts";
import {
  contractNameOf,
  findOwnedSubscription,
  findRunningSubscriptionByNumber,
  findRunningSubscriptionsOfUser,
  findSubscriptionById,
  firstCancellationAt,
  insertCancellation,
  type OwnedSubscription,
  type SubscriptionRow,
  updateSubscription,
} from "./subscriptions.repository.ts";

const cancelReasonText = (reason: string) => reason || "Kündigung durch den Kunden";

/**
 * Cancelling a course subscription (D73): at the end of the paid month, from the profile
 * (`PATCH /orders/items/{id}/cancel/`) or the § 312k page without a password; every declaration is stored
 * and confirmed by mail in its transaction, and PayPal stops charging after the commit. Each step is a
 * function of the module taking the deps (D355); the service binds them.
 */
export function createCancellationService(deps: SubscriptionsDeps) {
  return {
    cancelItem: (userId: number, itemId: number, reason: string, locale: Locale) =>
      cancelItem(deps, userId, itemId, reason, locale),
    declare: (userId: number | null, body: ContractCancelRequest, locale: Locale) =>
      declare(deps, userId, body, locale),
    cancellable: (userId: number, locale: Locale) => cancellable(deps, userId, locale),
    cancelAtGateway: (sub: SubscriptionRow) => cancelAtGateway(deps, sub),
  };
}

/** Marks the end at the paid month's end and writes the confirmation mail, in one transaction. */
async function cancelInTx(
  deps: SubscriptionsDeps,
  tx: Tx,
  owned: OwnedSubscription,
  declaration: {
    userId: number | null;
    name: string;
    email: string;
    contractRef: string;
    kind: "ordinary" | "extraordinary";
    reason: string;
    requestedEnd: string;
    locale: Locale;
    receivedAt: Date;
  },
): Promise<SubscriptionRow> {
  const sub = (await findSubscriptionById(tx, owned.sub.id, true)) ?? owned.sub;
  let current = sub;
  if (!sub.cancelAt && sub.status === "running") {
    const stopAutopay =
      sub.gatewaySubscriptionId !== null && sub.autopay !== "cancelled" && sub.autopay !== "none";
    current = await updateSubscription(tx, sub.id, {
      cancelAt: sub.periodEnd,
      cancelReason: declaration.reason || null,
      gatewayCancelDue: stopAutopay,
    });
  }
  await insertCancellation(tx, {
    orderItemId: owned.itemId,
    userId: declaration.userId,
    name: declaration.name,
    email: declaration.email,
    contractRef: declaration.contractRef,
    kind: declaration.kind,
    reason: declaration.reason,
    requestedEnd: declaration.requestedEnd,
    effectiveAt: current.cancelAt,
    locale: declaration.locale,
    createdAt: declaration.receivedAt,
  });
  // Only to the contract's own address (the account's), whatever address the form named (D91).
  await enqueueMail(
    tx,
    {
      to: owned.email,
      template: "contract-cancellation",
      locale: declaration.locale,
      data: {
        firstName: owned.firstName,
        receivedAt: declaration.receivedAt.toISOString(),
        contractNumber: owned.sub.contractNumber,
        contractName: contractNameOf(owned),
        kind: declaration.kind,
        requestedEnd: declaration.requestedEnd,
        endsAt: (current.cancelAt ?? current.periodEnd).toISOString(),
        declared: {
          name: declaration.name,
          email: declaration.email,
          contract: declaration.contractRef,
          reason: declaration.reason,
        },
      },
    },
    { publicUrl: deps.publicUrl },
  );
  // The school hears of each cancellation at once, in the declaration's transaction (D110).
  await enqueueStaffNotice(
    tx,
    await deps.staffEmails(tx),
    {
      event: "cancellation",
      orderId: owned.orderId,
      parentEmail: owned.email,
      items: [{ child: owned.visitorName, offer: owned.staffPageName }],
    },
    { publicUrl: deps.publicUrl },
  );
  return current;
}

/** PayPal stops charging; a failure leaves `gateway_cancel_due` for the worker. */
async function cancelAtGateway({ db, gateway, log }: SubscriptionsDeps, sub: SubscriptionRow) {
  if (!sub.gatewayCancelDue || !sub.gatewaySubscriptionId) return;
  try {
    await gateway.cancelSubscription(sub.gatewaySubscriptionId, cancelReasonText(sub.cancelReason ?? ""));
    await updateSubscription(db, sub.id, { gatewayCancelDue: false, autopay: "cancelled" });
  } catch (error) {
    log.warn(
      { err: error, subscriptionId: sub.id },
      "PayPal subscription not cancelled yet; the worker retries",
    );
  }
}

/**
 * A repeat answers the first cancellation's moment, not the row's last change: the worker's later update of
 * the subscription (its PayPal side ended) moved it (D497).
 */
async function repeatedCancel(db: Db, itemId: number, sub: SubscriptionRow): Promise<ItemCancelReply> {
  const cancelAt = sub.cancelAt ?? sub.periodEnd;
  const first = (await firstCancellationAt(db, itemId)) ?? sub.updatedAt;
  return {
    id: itemId,
    ends_at: cancelAt.toISOString(),
    cancelled_at: first.toISOString(),
    ends_on: lastPaidDay(cancelAt),
  };
}

/** `PATCH /orders/items/{id}/cancel/`: ends the subscription with the paid month. */
async function cancelItem(
  deps: SubscriptionsDeps,
  userId: number,
  itemId: number,
  reason: string,
  locale: Locale,
): Promise<ItemCancelReply> {
  const { db } = deps;
  const owned = await ownedSubscriptionOrRefuse(db, userId, itemId, locale);
  if (owned.sub.status !== "running") throw AppError.validation("non_field_errors", "not_a_subscription");
  if (owned.sub.cancelAt) return repeatedCancel(db, itemId, owned.sub);
  const receivedAt = new Date();
  // Whether this is the first cancellation is decided under the subscription's lock: two clicks at once
  // write one declaration and one mail, and the second answers the first (D538).
  const done = await db.transaction(async (tx) => {
    const locked = await findSubscriptionById(tx, owned.sub.id, true);
    if (locked?.cancelAt) return { repeated: locked };
    const sub = await cancelInTx(deps, tx, owned, {
      userId,
      name: `${owned.firstName} ${owned.lastName}`.trim(),
      email: owned.email,
      contractRef: owned.sub.contractNumber,
      kind: "ordinary",
      reason,
      requestedEnd: "next_possible",
      locale: owned.locale,
      receivedAt,
    });
    return { sub };
  });
  if (done.repeated) return repeatedCancel(db, itemId, done.repeated);
  const { sub } = done;
  await cancelAtGateway(deps, sub);
  return {
    id: itemId,
    ends_at: (sub.cancelAt ?? sub.periodEnd).toISOString(),
    cancelled_at: receivedAt.toISOString(),
    ends_on: lastPaidDay(sub.cancelAt ?? sub.periodEnd),
  };
}

/**
 * The § 312k page (D73, D91): a signed-in parent names the item; anyone else the contract's random
 * number and the account's or order's e-mail. Every declaration is stored. One that matches is confirmed
 * to the account's address; one that matches no running subscription (an old-style "1234-56" number
 * included) only goes to the school to look into, so the form never mails an address a stranger typed.
 * The answer is the same either way and says nothing about whether the data matched.
 */
async function declare(
  deps: SubscriptionsDeps,
  userId: number | null,
  body: ContractCancelRequest,
  locale: Locale,
): Promise<ContractCancelReply> {
  const { db } = deps;
  const receivedAt = new Date();
  let matches: OwnedSubscription[] = [];
  if (userId !== null && body.item !== undefined) {
    const owned = await findOwnedSubscription(db, userId, body.item, locale);
    if (!owned) throw AppError.notFound();
    if (owned.sub.status === "running") matches = [owned];
  } else {
    const number = normalizeContractNumber(body.contract);
    const owned = number && (await findRunningSubscriptionByNumber(db, number, body.email, locale));
    if (owned) matches = [owned];
  }
  const declaration = {
    userId,
    name: body.name,
    email: body.email,
    contractRef: body.contract,
    kind: body.kind,
    reason: body.reason,
    requestedEnd: body.end,
    locale,
    receivedAt,
  };
  const cancelled = await db.transaction(async (tx) => {
    const done: SubscriptionRow[] = [];
    for (const owned of matches) done.push(await cancelInTx(deps, tx, owned, declaration));
    if (matches.length === 0) {
      await insertCancellation(tx, {
        ...declaration,
        orderItemId: null,
        effectiveAt: null,
        createdAt: receivedAt,
      });
      // The school finds the contract by hand (in German) and answers the parent itself.
      await enqueueMail(
        tx,
        {
          to: await deps.schoolEmail(tx),
          template: "contract-cancellation",
          locale: "de",
          data: {
            firstName: "",
            receivedAt: receivedAt.toISOString(),
            contractNumber: null,
            contractName: null,
            kind: body.kind,
            requestedEnd: body.end,
            endsAt: null,
            declared: { name: body.name, email: body.email, contract: body.contract, reason: body.reason },
          },
        },
        { publicUrl: deps.publicUrl },
      );
    }
    return done;
  });
  for (const sub of cancelled) await cancelAtGateway(deps, sub);
  return { received_at: receivedAt.toISOString(), email: body.email };
}

async function cancellable(
  { db }: SubscriptionsDeps,
  userId: number,
  locale: Locale,
): Promise<CancellableContract[]> {
  const rows = await findRunningSubscriptionsOfUser(db, userId, locale);
  return rows.map((row) => ({
    item: row.itemId,
    contract_number: row.sub.contractNumber,
    name: row.pageName,
    visitor_name: row.visitorName,
    paid_until: row.sub.periodEnd.toISOString(),
    ends_at: row.sub.cancelAt?.toISOString() ?? null,
    paid_through: lastPaidDay(row.sub.periodEnd),
  }));
}

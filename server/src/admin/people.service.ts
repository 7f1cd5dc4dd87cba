import type {
  AdminChild,
  AdminChildPatch,
  AdminEraseInput,
  AdminErasure,
  AdminListQuery,
  AdminPerson,
  AdminPersonDetail,
  AdminPersonPatch,
  AdminRoleInput,
  RequestStatus,
  StaffPasswordChange,
} from "@atelier/contract";
import { formatPhone, PERSON_ROLES, REQUEST_STATUSES, shownPhone } from "@atelier/contract";
import {
  addressOf,
  changeLinksSent,
  changeOwnPassword,
  correctProfile,
  countAdmins,
  deleteUserAccount,
  type EmailChangeLinks,
  familyAddresses,
  findUserById,
  lockAdminRoles,
  lockUser,
  previousEmailsOf,
  searchUsersForStaff,
  setUserRole,
  USER_SORTS,
  type UserRow,
} from "../accounts/index.ts";
import { existingInstructorIds } from "../catalogue/index.ts";
import { clearPaymentDetailsOfUser, deletePaymentLinksOfUser } from "../checkout/index.ts";
import { deleteContactRequestsSentWith } from "../contact/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { anonymiseGiftCardsOfBuyer } from "../gift-cards/index.ts";
import { countInvoicesOfUser } from "../invoices/index.ts";
import { deleteChangeLinkMails, deleteMailsAbout } from "../mail/index.ts";
import { anonymiseOrdersOfUser, countUnpaidOrdersOfUser, listOrdersOfUserForStaff } from "../orders/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { anonymiseCancellationsOfFamily, hasRunningSubscription } from "../subscriptions/index.ts";
import {
  deletePartyRequestsOfUser,
  deleteVisitRequestsOfFamily,
  listVisitRequestsOfUser,
} from "../visit-requests/index.ts";
import {
  type ChildForStaff,
  findChildrenForStaff,
  findVisitors,
  lockChildForStaff,
  updateChildForStaff,
} from "../visitors/index.ts";
import { clearStaffRefundReasons } from "../withdrawals/index.ts";
import { auditTrail, scrubAuditValues } from "./audit.repository.ts";
import { filterValue, listCut } from "./list-query.ts";

const RESOURCE = "people";

function toAdmin(row: UserRow): AdminPerson {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: shownPhone(row.phoneNumber),
    role: row.role,
    instructor: row.role === "instructor" ? row.instructorId : null,
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
  };
}

/** The audit log of people keeps roles and what an erasure left, never names or addresses (D139). */
const audit = auditTrail(RESOURCE, (values: Record<string, unknown>) => values);

const requestStatus = (value: string): RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value) ? (value as RequestStatus) : "new";

/** The role as the audit log keeps it: with the instructor record for `instructor` (D380). */
const roleOf = (role: string, instructor: number | null) =>
  role === "instructor" ? { role, instructor } : { role };

/** {@link createPeopleAdmin}'s `setRole`. */
async function setRole(db: Db, admin: AuthUser, id: number, input: AdminRoleInput): Promise<AdminPerson> {
  if (id === admin.id) throw AppError.validation("role", "own_role");
  return db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const user = await lockUser(tx, id);
    if (!user) throw AppError.notFound();
    const instructorId = input.role === "instructor" ? (input.instructor ?? null) : null;
    const before = toAdmin(user);
    if (user.role === input.role && before.instructor === instructorId) return before;
    if (user.role === "admin" && (await countAdmins(tx)) <= 1)
      throw AppError.validation("role", "last_admin");
    // Demoted by another admin while this request waited for the lock.
    if ((await findUserById(tx, admin.id))?.role !== "admin") throw new AppError("permission_denied", 403);
    if (instructorId !== null && (await existingInstructorIds(tx, [instructorId])).length === 0)
      throw AppError.validation("instructor", "invalid_choice");
    await setUserRole(tx, id, input.role, instructorId);
    const after = roleOf(input.role, instructorId);
    await audit(tx, admin, id, "update", roleOf(user.role, before.instructor), after);
    return toAdmin({ ...user, role: input.role, instructorId });
  });
}

/** {@link createPeopleAdmin}'s `get`: a person with their children, orders and visit requests. */
async function personDetail(db: Db, id: number): Promise<AdminPersonDetail> {
  const user = await findUserById(db, id);
  if (!user) throw AppError.notFound();
  const [children, orders, requests, previous] = await Promise.all([
    findChildrenForStaff(db, id),
    listOrdersOfUserForStaff(db, id),
    listVisitRequestsOfUser(db, id),
    previousEmailsOf(db, id),
  ]);
  return {
    ...toAdmin(user),
    ...addressOf(user),
    previous_emails: previous.map((row) => ({ email: row.email, until: row.changedAt.toISOString() })),
    children: children.map(toAdminChild),
    orders: orders.map((order) => ({
      id: order.id,
      status: order.status,
      total_checkout_cents: order.totalCheckoutCents,
      paid_at: order.paidAt?.toISOString() ?? null,
      created_at: order.createdAt.toISOString(),
    })),
    requests: requests.map((request) => ({
      id: request.id,
      kind: request.kind,
      status: requestStatus(request.status),
      date: request.date,
      created_at: request.createdAt.toISOString(),
    })),
  };
}

const toAdminChild = (child: ChildForStaff): AdminChild => ({
  id: child.id,
  first_name: child.firstName,
  last_name: child.lastName,
  birth_date: child.birthDate,
  notes: child.notes,
});

/** The patch's fields as the child's columns. */
const CHILD_FIELDS = [
  ["first_name", "firstName"],
  ["last_name", "lastName"],
  ["birth_date", "birthDate"],
  ["notes", "notes"],
] as const;

/**
 * {@link createPeopleAdmin}'s `correctChild` (D549): under the child's row lock, the fields that differ are
 * written and the audit entry names them, never their values (D139). The same values again write nothing.
 */
async function correctChild(
  db: Db,
  staff: AuthUser,
  userId: number,
  childId: number,
  patch: AdminChildPatch,
): Promise<AdminChild> {
  return db.transaction(async (tx) => {
    const child = await lockChildForStaff(tx, userId, childId);
    if (!child) throw AppError.notFound();
    const changes: Partial<Omit<ChildForStaff, "id">> = {};
    const changed: string[] = [];
    for (const [field, column] of CHILD_FIELDS) {
      const value = patch[field];
      if (value === undefined || value === child[column]) continue;
      changes[column] = value;
      changed.push(field);
    }
    if (changed.length === 0) return toAdminChild(child);
    const row = await updateChildForStaff(tx, userId, childId, changes);
    if (!row) throw AppError.notFound();
    await audit(tx, staff, userId, "update", { child: childId }, { child: childId, corrected: changed });
    return toAdminChild(row);
  });
}

/**
 * {@link createPeopleAdmin}'s `correct` (D576): a family's own data under the parent's own rules, under the
 * account's row lock; the audit entry names the corrected fields, never their values (D139). The same values
 * again write nothing. A staff, instructor or admin account changes its own data in the shop under "Mein Profil".
 */
async function correctPerson(
  db: Db,
  staff: AuthUser,
  id: number,
  patch: AdminPersonPatch,
): Promise<AdminPersonDetail> {
  await db.transaction(async (tx) => {
    const found = await lockUser(tx, id);
    if (!found) throw AppError.notFound();
    if (found.role !== "customer") throw new AppError("correct_staff_account", 400);
    const corrected = await correctProfile(tx, found, patch);
    if (corrected.changed.length > 0)
      await audit(tx, staff, id, "update", {}, { corrected: corrected.changed });
  });
  return personDetail(db, id);
}

/**
 * {@link createPeopleAdmin}'s `sendEmailLink` (D577): a family that can no longer read its old address asks
 * for its account to move. The new address gets the link, in the family's language; the account moves when
 * it is opened there, so staff never move a sign-in to an address nobody proved. Families only; audited
 * without the address (D139).
 */
async function sendEmailLink(
  db: Db,
  links: EmailChangeLinks,
  staff: AuthUser,
  id: number,
  email: string,
): Promise<{ email: string; valid_hours: number }> {
  return db.transaction(async (tx) => {
    const found = await lockUser(tx, id);
    if (!found) throw AppError.notFound();
    if (found.role !== "customer") throw new AppError("correct_staff_account", 400);
    const sent = await links(tx, found, email, found.locale);
    await audit(tx, staff, id, "update", {}, { email_link_sent: true });
    return sent;
  });
}

/** {@link createPeopleAdmin}'s `erase`. */
async function eraseFamily(
  db: Db,
  admin: AuthUser,
  id: number,
  input: AdminEraseInput,
  removeMailFiles?: (ids: readonly number[]) => Promise<unknown>,
): Promise<AdminErasure> {
  if (id === admin.id) throw new AppError("erase_own_account", 400);
  const { erased, mailIds } = await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) throw AppError.notFound();
    if (user.role !== "customer") throw new AppError("erase_staff_account", 400);
    if (input.confirm_email.toLowerCase() !== user.email.toLowerCase())
      throw AppError.validation("confirm_email", "erase_confirm_mismatch");
    if (await hasRunningSubscription(tx, id)) throw new AppError("erase_running_subscription", 409);
    if ((await countUnpaidOrdersOfUser(tx, id)) > 0) throw new AppError("erase_unpaid_order", 409);

    const keptInvoices = await countInvoicesOfUser(tx, id);
    // What names the family in the school's own mails: the phone, the parent's and the children's names.
    const children = await findVisitors(tx, id);
    const needles = [
      // As stored, and as the school's mails show it, grouped (D657).
      ...(user.phoneNumber.length > 4 ? [user.phoneNumber, formatPhone(user.phoneNumber)] : []),
      `${user.firstName} ${user.lastName}`,
      ...children.map((child) => `${child.firstName} ${child.lastName}`),
    ];
    // What was sent with an address the account had before it moved is the family's too, each address
    // only while it was the family's (D577).
    const addresses = await familyAddresses(tx, user);
    const visitRequestIds = await deleteVisitRequestsOfFamily(tx, id, addresses);
    const contactRequestIds = await deleteContactRequestsSentWith(tx, addresses);
    const partyRequestIds = await deletePartyRequestsOfUser(tx, id);
    await clearPaymentDetailsOfUser(tx, id);
    await deletePaymentLinksOfUser(tx, id);
    const { kept: keptOrders, orderIds, itemIds } = await anonymiseOrdersOfUser(tx, id);
    await anonymiseCancellationsOfFamily(tx, id, addresses, itemIds);
    const staffRefundIds = await clearStaffRefundReasons(tx, orderIds);
    const giftCardIds = await anonymiseGiftCardsOfBuyer(tx, id);
    const mailIds = [
      ...(await deleteMailsAbout(tx, { addresses, needles })),
      ...(await deleteChangeLinkMails(tx, await changeLinksSent(tx, id))),
    ];
    await deleteUserAccount(tx, id);
    await scrubAuditValues(tx, "visit-requests", visitRequestIds);
    await scrubAuditValues(tx, "contact-requests", contactRequestIds);
    await scrubAuditValues(tx, "party-requests", partyRequestIds);
    // The audit log keeps who did what and when, never the erased family's data (D139): the staff's
    // bookings with their comments, refunds with their reasons, the person's own edits, the cards'
    // recipients and messages, and the addresses of the mails deleted above (D541).
    await scrubAuditValues(tx, "staff-orders", orderIds);
    await scrubAuditValues(tx, "staff_refunds", staffRefundIds);
    await scrubAuditValues(tx, "people", [id]);
    await scrubAuditValues(tx, "gift-cards", giftCardIds);
    await scrubAuditValues(tx, "order_mails", mailIds);
    await scrubAuditValues(tx, "gift_card_mails", mailIds);
    await audit(
      tx,
      admin,
      id,
      "delete",
      { role: user.role },
      {
        erased: true,
        kept_orders: keptOrders,
        kept_invoices: keptInvoices,
        removed_requests: visitRequestIds.length + contactRequestIds.length + partyRequestIds.length,
        removed_mails: mailIds.length,
      },
    );
    const erased: AdminErasure = {
      id,
      erased: true,
      kept_invoices: keptInvoices,
      kept_orders: keptOrders,
    };
    return { erased, mailIds };
  });
  // The files of the mails, once the rows are gone for good (a rollback keeps both).
  await removeMailFiles?.(mailIds);
  return erased;
}

/** People (D138, D139): find a parent, see their family, change roles, erase a family. */
export function createPeopleAdmin(
  db: Db,
  deps: {
    /** Removes files the mail transport wrote for these mails (the .eml folder), after the erasure commits. */
    removeMailFiles?: ((ids: readonly number[]) => Promise<unknown>) | undefined;
    /** Mails the link that moves a family's account to a new address (accounts, D577). */
    emailChangeLinks: EmailChangeLinks;
  },
) {
  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, USER_SORTS, "id");
      const filter = query.filter ?? {};
      const page = await searchUsersForStaff(
        db,
        {
          q: filterValue.string(filter, "q"),
          roles: filterValue.strings(filter, "role", PERSON_ROLES),
          ids: filterValue.ids(filter, "id"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdmin), total: page.total } };
    },

    get: (id: number) => personDetail(db, id),

    /** Staff correct a parent's names, phone or address when the family asks (D576); audited. */
    correct: (staff: AuthUser, id: number, patch: AdminPersonPatch) => correctPerson(db, staff, id, patch),

    /** Staff send a family the link that moves its account to a new address (D577); audited. */
    sendEmailLink: (staff: AuthUser, id: number, email: string) =>
      sendEmailLink(db, deps.emailChangeLinks, staff, id, email),

    /** Staff correct a child's names, birth date or notes when the family asks (D549); audited. */
    correctChild: (staff: AuthUser, userId: number, childId: number, patch: AdminChildPatch) =>
      correctChild(db, staff, userId, childId, patch),

    /**
     * Grant or revoke a role, `admin` too (admins only, D138, D241). Nobody changes their own role, so an
     * admin can never lock themselves out. Under the admin-roles lock the acting admin must still be one and
     * an admin is demoted only while another stays (400 `last_admin`): two admins demoting each other at
     * once leave one. The same role again changes and records nothing.
     */
    setRole: (admin: AuthUser, id: number, input: AdminRoleInput) => setRole(db, admin, id, input),

    /**
     * One's own password (D242), staff and admins: the current one, then a new one under the sign-up rules.
     * Other sessions end, this one stays; the audit entry says the password was set, never what it is.
     */
    async changeOwnPassword(staff: AuthUser, input: StaffPasswordChange): Promise<void> {
      await changeOwnPassword(
        db,
        staff,
        { oldPassword: input.old_password, newPassword: input.new_password1 },
        (tx, write) => audit(tx, staff, write.user.id, write.action, write.before, write.after),
      );
    },

    /**
     * Erase a family (GDPR Art. 17; D139), admins only, confirmed by typing the account's address. Refused
     * while a subscription runs or an order waits for payment (settle those first). In one transaction:
     * requests, mails, cancellations' names, payment bodies, the orders' billing data and the children's
     * link go, then the account with its tokens, children and waiting-list entries. Invoices and credit
     * notes stay as issued. The audit entry says that and how much was kept, without the erased data.
     */
    erase: (admin: AuthUser, id: number, input: AdminEraseInput) =>
      eraseFamily(db, admin, id, input, deps.removeMailFiles),
  };
}

import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays } from "@atelier/contract";
import { asc, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import {
  type BillingDetails,
  invoiceCounters,
  invoices,
  mailOutbox,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  payments,
  users,
} from "../db/schema/index.ts";
import { createTestLogger, parseRawMail } from "../mail/test-support.ts";
import { createMailer } from "../mailer/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import {
  ACADEMY_8_11,
  COURSE_5_7,
  createChild,
  createParent,
  GIFT_CARD,
  pageBySlug,
  WORKSHOP_10,
} from "../test/shop-fixtures.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { enqueueRefundNotice, issueOrderDocuments } from "./order-documents.ts";

type Page = Awaited<ReturnType<typeof pageBySlug>>;

let database: Database;
let dataDir: string;
let course: Page;
let workshop: Page;
let academy: Page;
let giftCard: Page;

const PUBLIC_URL = "https://shop.example";
const WEB_URL = "https://web.example";

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue(database.db, { staffEmail: "staff@atelier-test.example" });
  dataDir = await mkdtemp(join(tmpdir(), "atelier-order-documents-"));
  [course, workshop, academy, giftCard] = await Promise.all([
    pageBySlug(database.db, COURSE_5_7),
    pageBySlug(database.db, WORKSHOP_10),
    pageBySlug(database.db, ACADEMY_8_11),
    pageBySlug(database.db, GIFT_CARD),
  ]);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

type ItemSpec = {
  page: Page;
  scheduleType: string;
  visitorId: number | null;
  priceCents: number;
  siblingDiscountCents?: number;
  recurrentPriceCents?: number;
  slotIds?: number[];
  weekIds?: number[];
  status?: "active" | "cancelled";
};

/** A paid order set up as the checkout leaves it: items with their slots or weeks, and the captured payment. */
async function paidOrder(options: {
  userId: number;
  locale: "de" | "ru";
  billing?: BillingDetails | null;
  items: ItemSpec[];
  status?: "paid" | "awaiting_payment";
}) {
  const db = database.db;
  const [order] = await db
    .insert(orders)
    .values({
      userId: options.userId,
      status: options.status ?? "paid",
      locale: options.locale,
      billing: options.billing ?? null,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("no order");
  const itemIds: number[] = [];
  let recurrent = 0;
  for (const spec of options.items) {
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId: order.id,
        productPageId: spec.page.page.id,
        purchaseOptionId: spec.page.option(spec.scheduleType).id,
        visitorId: spec.visitorId,
        scheduleType: spec.page.option(spec.scheduleType).scheduleType,
        calculatedPriceCents: spec.priceCents,
        siblingDiscountCents: spec.siblingDiscountCents ?? 0,
        recurrentPriceCents: spec.recurrentPriceCents ?? 0,
        academyNumberOfWeeks: spec.weekIds?.length ?? null,
        status: spec.status ?? "active",
      })
      .returning({ id: orderItems.id });
    if (!item) throw new Error("no item");
    itemIds.push(item.id);
    recurrent += spec.recurrentPriceCents ?? 0;
    for (const scheduleSlotId of spec.slotIds ?? [])
      await db.insert(orderItemSlots).values({ orderItemId: item.id, scheduleSlotId });
    for (const academyWeekId of spec.weekIds ?? [])
      await db.insert(orderItemAcademyWeeks).values({ orderItemId: item.id, academyWeekId });
  }
  await db.update(orders).set({ totalRecurrentCents: recurrent }).where(eq(orders.id, order.id));
  await db.insert(payments).values({
    orderId: order.id,
    gateway: "paypal",
    gatewayOrderId: `PP-${order.id}`,
    status: "captured",
    amountCents: 0,
    captureId: `CAPTURE-${order.id}`,
    capturedAt: new Date(),
  });
  return { orderId: order.id, itemIds };
}

async function familyWithTwoChildren() {
  const parent = await createParent(database.db);
  const mila = await createChild(database.db, parent.id, 6, "Мила");
  const lev = await createChild(database.db, parent.id, 11, "Лев");
  const [user] = await database.db.select().from(users).where(eq(users.id, parent.id));
  return { parent, user, mila, lev };
}

const weeklySlot = () => {
  const slot = course.slots.find((s) => s.weekday !== null);
  if (!slot) throw new Error("no weekly slot");
  return slot;
};
const datedSlot = () => {
  const slot = workshop.slots.find((s) => s.date !== null);
  if (!slot) throw new Error("no dated slot");
  return slot;
};

const BILLING: BillingDetails = {
  first_name: "Ольга",
  last_name: "Иванова",
  email: "",
  phone_number: "",
  company_name: "",
  street: "Wilmersdorfer Straße 85",
  post_code: "10629",
  city: "Berlin",
  country: "Deutschland",
};

const issue = (orderId: number) =>
  database.db.transaction((tx) =>
    issueOrderDocuments(tx, { orderId, publicUrl: PUBLIC_URL, webUrl: WEB_URL }),
  );

async function itemsOf(orderId: number) {
  return database.db
    .select({ id: orderItems.id, checkinCode: orderItems.checkinCode, status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

async function invoicesOf(orderId: number) {
  return database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
}

/** A Russian order of a course (sibling discount), a workshop, a gift card and an item cancelled before payment. */
async function russianOrder() {
  const family = await familyWithTwoChildren();
  const order = await paidOrder({
    userId: family.parent.id,
    locale: "ru",
    billing: BILLING,
    items: [
      {
        page: course,
        scheduleType: "Course (1 / week)",
        visitorId: family.mila,
        priceCents: 7900,
        siblingDiscountCents: 790,
        recurrentPriceCents: 7900,
        slotIds: [weeklySlot().id],
      },
      {
        page: workshop,
        scheduleType: "Ticket",
        visitorId: family.lev,
        priceCents: 4500,
        slotIds: [datedSlot().id],
      },
      { page: giftCard, scheduleType: "GiftCard", visitorId: null, priceCents: 5000 },
      {
        page: course,
        scheduleType: "Course (1 / week)",
        visitorId: family.lev,
        priceCents: 7900,
        slotIds: [weeklySlot().id],
        status: "cancelled",
      },
    ],
  });
  return { ...family, ...order };
}

/** A paid order of a ten-meeting card at one weekly time and a gift card. */
async function meetingCardAndGiftCard(): Promise<number> {
  const family = await familyWithTwoChildren();
  const { orderId } = await paidOrder({
    userId: family.parent.id,
    locale: "de",
    items: [
      {
        page: course,
        scheduleType: "TERMINKARTEN",
        visitorId: family.mila,
        priceCents: 19_000,
        slotIds: [weeklySlot().id],
      },
      { page: giftCard, scheduleType: "GiftCard", visitorId: null, priceCents: 5000 },
    ],
  });
  return orderId;
}

describe("issueOrderDocuments", () => {
  it("prints a meeting card's weeks from its option and no place for a gift card, read with the items (D451)", async () => {
    const orderId = await meetingCardAndGiftCard();
    await issue(orderId);
    const [invoice] = await invoicesOf(orderId);
    const [card, gift] = invoice?.data.lines ?? [];
    // Ten meetings at one weekly time: ten weeks from the first lesson.
    expect(card?.place).toBe(course.page.location);
    const from = invoice?.data.serviceFrom ?? "";
    expect(invoice?.data.serviceTo).toBe(addDays(from, 9 * 7));
    expect(gift?.place).toBeNull();
  });

  it("ends a meeting card's service period past its course's closed days, read once for its page (D548)", async () => {
    const orderId = await meetingCardAndGiftCard();
    // Two weeks of holidays inside the card's ten weeks: each weekday falls in them twice.
    const today = new Date().toISOString().slice(0, 10);
    const asked: [number, string][] = [];
    const closedDaysOf = async (_tx: unknown, page: number, from: string) => {
      asked.push([page, from]);
      return [{ startsOn: addDays(today, 15), endsOn: addDays(today, 28) }];
    };
    await database.db.transaction((tx) =>
      issueOrderDocuments(tx, { orderId, publicUrl: PUBLIC_URL, webUrl: WEB_URL, closedDaysOf }),
    );
    const [invoice] = await invoicesOf(orderId);
    const from = invoice?.data.serviceFrom ?? "";
    expect(invoice?.data.serviceTo).toBe(addDays(from, 11 * 7));
    expect(asked).toEqual([[course.page.id, expect.any(String)]]);
  });

  it("gives the active items check-in codes, issues the invoice and enqueues one mail; a second call changes nothing", async () => {
    const { orderId, itemIds, user } = await russianOrder();

    const first = await issue(orderId);
    expect(first.invoiceNumber).toMatch(/^RE-\d{4}-\d{6}$/);

    const items = await itemsOf(orderId);
    const codes = items.slice(0, 3).map((item) => item.checkinCode);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(codes).size).toBe(3);
    expect(items[3]).toMatchObject({ status: "cancelled", checkinCode: null });

    const [invoice] = await invoicesOf(orderId);
    expect(invoice).toMatchObject({
      kind: "invoice",
      number: first.invoiceNumber,
      totalCents: 7110 + 4500 + 5000,
    });
    const data = invoice?.data;
    expect(data?.locale).toBe("ru");
    expect(data?.buyer).toMatchObject({
      first_name: "Ольга",
      last_name: "Иванова",
      street: "Wilmersdorfer Straße 85",
    });
    // No e-mail in the billing data: the account's.
    expect(data?.buyer.email).toBe(user?.email);
    expect(data?.paymentReference).toBe(`PayPal CAPTURE-${orderId}`);
    expect(
      data?.lines.map((line) => [line.productType, line.visitorName, line.vatExempt, line.totalCents]),
    ).toEqual([
      ["Course", "Мила Muster", true, 7110],
      ["Workshop", "Лев Muster", true, 4500],
      ["GiftCard", null, false, 5000],
    ]);
    expect(data?.lines[0]?.name.startsWith(course.page.name.ru)).toBe(true);
    expect(data?.lines[0]?.place).toBe(course.page.location);
    expect(data?.lines[0]?.when).toContain("(еженедельно)");
    expect(data?.lines[1]?.when).toContain(`${datedSlot().start.slice(0, 5)}–`);
    expect(data?.serviceFrom).not.toBeNull();

    const mails = await database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "order-confirmation", locale: "ru", to: user?.email });
    expect(mails[0]?.attachments).toEqual([
      { kind: "invoice-pdf", invoiceId: invoice?.id, filename: `${first.invoiceNumber}.pdf` },
      { kind: "checkin-qr", code: codes[0], filename: "checkin-1.png", cid: `checkin-${itemIds[0]}@atelier` },
      { kind: "checkin-qr", code: codes[1], filename: "checkin-2.png", cid: `checkin-${itemIds[1]}@atelier` },
    ]);

    const again = await issue(orderId);
    expect(again).toEqual(first);
    expect(await invoicesOf(orderId)).toHaveLength(1);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(1);
    expect((await itemsOf(orderId)).map((item) => item.checkinCode)).toEqual(items.map((i) => i.checkinCode));
  });

  // The PDF is drawn by the render thread at nice 19 (D428): beside other test files on a 2-core machine
  // it waits for idle cores, which can take longer than a test's default 30 s.
  it("sends a confirmation whose .eml carries the invoice PDF and one QR image per attending item", async () => {
    const { orderId } = await russianOrder();
    const { invoiceNumber } = await issue(orderId);
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL });
    const mailer = createMailer({ db: database.db, env, logger: createTestLogger() });
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });

    const files = await readdir(join(dataDir, "outbox"));
    const file = files.find((name) => name.endsWith("-order-confirmation.eml"));
    const mail = parseRawMail(await readFile(join(dataDir, "outbox", file ?? ""), "utf8"));
    expect(mail.subject).toBe(`Ваше бронирование № ${orderId} в «Ателье» подтверждено`);
    expect(mail.text).toContain(invoiceNumber);
    expect(mail.text).toContain("Мила Muster");
    expect(mail.text).toContain(`${WEB_URL}/profile?tab=sales&locale=ru`);

    const pdfs = mail.attachments.filter((a) => a.contentType === "application/pdf");
    expect(pdfs.map((a) => a.filename)).toEqual([`${invoiceNumber}.pdf`]);
    const pdf = await PDFDocument.load(pdfs[0]?.content ?? new Uint8Array());
    expect(pdf.getTitle()).toBe(`Счёт ${invoiceNumber}`);

    const images = mail.attachments.filter((a) => a.contentType === "image/png");
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.content.subarray(1, 4).toString()).toBe("PNG");
      expect(mail.html).toContain(`src="cid:${image.cid}"`);
    }
  }, 120_000);

  it("takes the buyer from the profile without billing data, in the order's locale", async () => {
    const family = await familyWithTwoChildren();
    await database.db
      .update(users)
      .set({ street: "Profilweg 1", postCode: "10115", city: "Berlin", companyName: "Muster GmbH" })
      .where(eq(users.id, family.parent.id));
    const weeks = academy.weeks.slice(0, 2).map((week) => week.id);
    const { orderId } = await paidOrder({
      userId: family.parent.id,
      locale: "de",
      items: [
        {
          page: academy,
          scheduleType: "Academy (full day)",
          visitorId: family.lev,
          priceCents: 57800,
          weekIds: weeks,
        },
      ],
    });
    await issue(orderId);
    const [invoice] = await invoicesOf(orderId);
    expect(invoice?.data.buyer).toMatchObject({
      first_name: "Eva",
      last_name: "Muster",
      company_name: "Muster GmbH",
      street: "Profilweg 1",
      post_code: "10115",
      city: "Berlin",
      phone_number: "",
    });
    expect(invoice?.data.lines[0]?.name.startsWith(academy.page.name.de)).toBe(true);
    expect(invoice?.data.serviceFrom).toBe(academy.weeks[0]?.startsOn);
    expect(invoice?.data.serviceTo).toBe(academy.weeks[1]?.endsOn);
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail).toMatchObject({
      locale: "de",
      subject: `Ihre Buchung Nr. ${orderId} bei Atelier ist bestätigt`,
    });
    expect(mail?.text).toContain(`${WEB_URL}/profile?tab=sales&locale=de`);
  });

  it("leaves nothing behind when the paying transaction rolls back: no invoice, code, mail or gap", async () => {
    const { orderId } = await russianOrder();
    const before = await database.db.select().from(invoiceCounters);
    const failure = new Error("recording the payment failed later on");
    await expect(
      database.db.transaction(async (tx) => {
        await issueOrderDocuments(tx, { orderId, publicUrl: PUBLIC_URL });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await invoicesOf(orderId)).toEqual([]);
    expect((await itemsOf(orderId)).every((item) => item.checkinCode === null)).toBe(true);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(await database.db.select().from(invoiceCounters)).toEqual(before);

    // The next payment gets the number right after the last one issued.
    const last = before[0]?.lastNumber ?? 0;
    const { invoiceNumber } = await issue(orderId);
    expect(invoiceNumber.endsWith(`-${String(last + 1).padStart(6, "0")}`)).toBe(true);
  });

  it("refuses an order that is not paid", async () => {
    const family = await familyWithTwoChildren();
    const { orderId } = await paidOrder({
      userId: family.parent.id,
      locale: "de",
      status: "awaiting_payment",
      items: [{ page: giftCard, scheduleType: "GiftCard", visitorId: null, priceCents: 5000 }],
    });
    await expect(issue(orderId)).rejects.toThrow(/not paid/);
    expect(await invoicesOf(orderId)).toEqual([]);
  });
});

describe("enqueueRefundNotice", () => {
  it("tells the parent in the order's locale that the late payment is refunded in full", async () => {
    const family = await familyWithTwoChildren();
    const { orderId } = await paidOrder({
      userId: family.parent.id,
      locale: "ru",
      status: "awaiting_payment",
      items: [
        {
          page: workshop,
          scheduleType: "Ticket",
          visitorId: family.lev,
          priceCents: 4500,
          slotIds: [datedSlot().id],
        },
      ],
    });
    await database.db.transaction((tx) =>
      enqueueRefundNotice(tx, { orderId, amountCents: 4500, reason: "seats_gone", publicUrl: PUBLIC_URL }),
    );
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail).toMatchObject({
      template: "refund-notice",
      locale: "ru",
      to: family.user?.email,
      subject: `Ваш заказ № ${orderId}: оплата будет возвращена`,
      attachments: [],
    });
    expect(mail?.text).toContain("Здравствуйте, Eva!");
    expect(mail?.text).toContain("45,00\u00a0€");
    // The offer with its option, as every mail names a booking (D583).
    const ticket = workshop.option("Ticket").name.ru;
    expect(mail?.text).toContain(`${workshop.page.name.ru} – ${ticket} (Лев Muster)`);
    expect(mail?.text).toContain("места, к сожалению, заняли");
  });
});

import type { Locale } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import {
  MAIL_TEMPLATE_NAMES,
  type MailTemplateData,
  type MailTemplateName,
  renderMail,
} from "./mail-templates.ts";

const LOCALES: Locale[] = ["de", "ru"];
const EVIL = `<script>alert("x")</script>`;

const VISIT_SAMPLE: MailTemplateData["visit-request-confirmation"] = {
  kind: "trial",
  requestId: 815,
  productName: "Kleine Maler",
  date: "2027-03-14",
  children: [{ firstName: "Mila", lastName: "Petrova", birthDate: "2019-05-02" }],
  adults: [
    {
      firstName: "Olga",
      lastName: "Petrova",
      email: "olga@example.org",
      phone: "+4915112345678",
      relation: "Mutter",
    },
  ],
};

const SAMPLES: { [Name in MailTemplateName]: MailTemplateData[Name] } = {
  "verify-email": { firstName: "Anna", link: "https://shop.example/?email=confirmed&key=abc123" },
  "password-reset": { firstName: "Boris", link: "https://shop.example/?uid=7&token=tok-456" },
  "email-change": {
    firstName: "Galina",
    email: "galina.neu@example.org",
    link: "https://shop.example/?uid=7&email_token=tok-789",
    hours: 24,
  },
  "email-changed": { firstName: "Galina", email: "galina.neu@example.org" },
  "contact-confirmation": {
    kind: "callback",
    firstName: "Jana",
    lastName: "Wolf",
    email: "jana@example.org",
    phone: "+4930123456",
    comment: "Bitte nach 16 Uhr",
  },
  "contact-request": {
    kind: "appointment",
    firstName: "Clara",
    lastName: "Schmidt",
    email: "clara@example.org",
    phone: "+4915112345678",
    comment: "Nachmittags bitte",
    appointmentDate: "2026-03-14",
  },
  "order-confirmation": {
    firstName: "Dmitri",
    orderId: 4711,
    invoiceNumber: "RE-2026-000042",
    items: [
      {
        name: "Malkurs für Kinder",
        visitorName: "Mila",
        when: "Dienstag 16:00–17:30 (wöchentlich)",
        place: "Kastanienallee 12, 10435 Berlin",
        priceCents: 123450,
        monthlyCents: 7900,
        contractNumber: "K7QM-3XHD-9PRA",
        nextPayment: { dueOn: "2026-12-28", cents: 7900 },
        qr: { cid: "checkin-1@atelier", filename: "checkin-1.png", code: "Zm9vYmFyYmF6cXV4cXV1eA" },
      },
      {
        name: "Keramik-Workshop",
        visitorName: "Lev",
        when: "18.04.2026, 15:00–18:00",
        place: null,
        priceCents: 4500,
        monthlyCents: 0,
        contractNumber: null,
        qr: { cid: "checkin-2@atelier", filename: "checkin-2.png", code: "cXV1eHF1eGJhemZvb2Jhcg" },
      },
      {
        name: "Geschenkgutschein",
        visitorName: null,
        when: "",
        place: null,
        priceCents: 5000,
        monthlyCents: 0,
        contractNumber: null,
        qr: null,
      },
    ],
    totalCents: 132950,
    giftCardCents: 0,
    monthlyCents: 7900,
    profileUrl: "https://web.example/profile?tab=sales&locale=de",
  },
  "refund-notice": {
    firstName: "Erik",
    orderId: 815,
    amountCents: 4500,
    reason: "seats_gone",
    items: ["Keramik-Workshop (Lev Muster)"],
  },
  "refund-failed": {
    firstName: "Erik",
    orderId: 815,
    amountCents: 4500,
    atBank: true,
    items: ["Keramik-Workshop (Lev Muster)"],
  },
  "gift-card": {
    firstName: "Olga",
    orderId: 815,
    cards: [{ code: "ACDE-FGHJ-KMNP-QRTU", amountCents: 5000, balanceCents: 5000, expiresOn: "2029-12-31" }],
  },
  "visit-request-confirmation": VISIT_SAMPLE,
  "visit-request-notification": VISIT_SAMPLE,
  "visit-request-confirmed": {
    kind: "trial",
    requestId: 815,
    firstName: "Olga",
    productName: "Kleine Maler",
    date: "2026-03-17",
    start: "16:00:00",
    end: "17:30:00",
    house: "Haus Mitte, Kastanienallee 12, 10435 Berlin",
    children: ["Mila Petrova"],
    profileUrl: "https://web.example/profile?tab=sales",
  },
  "visit-request-message": {
    requestId: 815,
    firstName: "Olga",
    productName: "Kleine Maler",
    subject: "Ihre Probestunde am Dienstag",
    message: "Bitte bringen Sie eine Schürze mit.\nBis Dienstag!",
  },
  "waiting-list-offer": {
    parentFirstName: "Olga",
    childName: "Mila Petrova",
    productName: "Kleine Maler",
    optionName: "1x pro Woche",
    slot: { weekday: 1, date: null, start: "16:00:00", end: "17:30:00" },
    week: null,
    expiresAt: "2026-03-14T15:00:00.000Z",
    link: "https://web.example/waiting-list/offer/abcDEF123",
  },
  "waiting-list-joined": {
    parentFirstName: "Olga",
    childName: "Mila Petrova",
    productName: "Töpfern: Deine eigene Tasse",
    optionName: "Ticket",
    slot: { weekday: null, date: "2027-02-13", start: "11:00:00", end: "14:00:00" },
    week: null,
    position: 2,
    offerHours: 24,
  },
  "withdrawal-confirmation": {
    firstName: "Irina",
    orderId: 912,
    item: "Malen 5–7 – Kurs (1 / Woche) (Mila Muster)",
    receivedOn: "2026-06-22",
    paidCents: 7900,
    refundCents: 3950,
    basis: "pro_rata",
    creditNoteNumber: "GS-2026-000007",
  },
  "staff-refund": {
    firstName: "Irina",
    orderId: 914,
    item: "Malen 5–7 – Kurs (1 / Woche) (Mila Muster)",
    refundCents: 3950,
    cancelled: false,
    reason: "Kurs fiel zweimal aus",
    creditNoteNumber: "GS-2026-000008",
  },
  "contract-cancellation": {
    firstName: "Eva",
    receivedAt: "2026-11-24T17:03:00.000Z",
    contractNumber: "K7QM-3XHD-9PRA",
    contractName: "Malkurs für Kinder (Mila)",
    kind: "ordinary",
    requestedEnd: "next_possible",
    endsAt: "2026-12-20T10:00:00.000Z",
    declared: { name: "Eva Muster", email: "eva@example.org", contract: "k7qm3xhd9pra", reason: "Umzug" },
  },
  "payment-link": {
    parentFirstName: "Eva",
    orderId: 4712,
    lines: [
      {
        productName: "Malkurs für Kinder",
        optionName: "Kurs (1 / Woche)",
        childName: "Mila Muster",
        amountCents: 7900,
      },
    ],
    totalCents: 7900,
    reservedUntil: "2026-12-01T10:00:00.000Z",
    link: "https://web.example/pay/abcDEF123456789012345",
    partyDate: null,
  },
  "party-request-notification": {
    requestId: 77,
    productName: "Roboter-Geburtstag",
    optionName: "Standard: 2,5 Stunden, bis 8 Kinder",
    dates: ["2026-12-12", "2026-12-13"],
    childrenCount: 7,
    ages: [8, 9],
    comment: "Mit Kuchen",
    parentName: "Eva Muster",
    parentEmail: "eva@example.org",
    parentPhone: "+4930123456",
  },
  "party-request-received": {
    firstName: "Dmitri",
    requestId: 78,
    productName: "Roboter-Geburtstag",
    optionName: "Standard: 2,5 Stunden, bis 8 Kinder",
    dates: ["2026-12-12", "2026-12-13"],
    childrenCount: 7,
    ages: [8, 9],
    comment: "Mit Kuchen",
  },
  "booking-moved": {
    firstName: "Irina",
    orderId: 916,
    productName: "Malen 5–7",
    childName: "Mila Muster",
    from: { kind: "slot", weekday: 1, date: null, start: "16:00:00", end: "17:30:00" },
    to: { kind: "slot", weekday: 3, date: null, start: "15:00:00", end: "16:30:00" },
  },
  "waiting-list-removed": {
    parentFirstName: "Olga",
    childName: "Mila Petrova",
    productName: "Sommerakademie",
    unit: { kind: "week", startsOn: "2027-07-05", endsOn: "2027-07-09" },
  },
  "waiting-list-offer-withdrawn": {
    parentFirstName: "Olga",
    childName: "Mila Petrova",
    productName: "Malen 5–7",
    unit: { kind: "slot", weekday: 1, date: null, start: "16:00:00", end: "17:30:00" },
  },
  "party-declined": {
    requestId: 78,
    firstName: "Eva",
    productName: "Roboter-Geburtstag",
    optionName: "Standard: 2,5 Stunden, bis 8 Kinder",
    dates: ["2026-12-12", "2026-12-13"],
  },
  "lesson-cancelled": {
    parentFirstName: "Olga",
    childName: "Mila Petrova",
    productName: "Malen 5–7",
    date: "2026-12-10",
    start: "16:00",
    end: "17:30",
    reason: "Krankheit der Lehrerin",
    outcome: "credit",
    creditExpiresOn: "2027-02-04",
    wasMakeup: false,
    accountUrl: "https://shop.example/profile/history",
  },
  "lesson-reminder": {
    parentFirstName: "Olga",
    childName: "Mila Petrova",
    productName: "Malen 5–7",
    kind: "first_lesson",
    date: "2026-12-10",
    start: "16:00",
    end: "17:30",
    house: "Haus Mitte",
    address: "Gartenstraße 5, 10115 Berlin",
    mapUrl: "https://maps.example/mitte",
    whatToBring: "Malkittel",
    absenceUrl: "https://shop.example/absence/abcdefghijklmnopqrst",
  },
  "staff-notice": {
    event: "paid_booking",
    orderId: 913,
    parentEmail: "eva@example.org",
    items: [{ child: "Mila Muster", offer: "Malen 5–7 – Kurs (1 / Woche)" }],
  },
  "renewal-due": {
    parentFirstName: "Eva",
    contractNumber: "K7QM-3XHD-9PRA",
    productName: "Malen 5–7",
    childName: "Mila Muster",
    monthlyCents: 7900,
    firstDay: "2026-12-28",
    payBy: "2026-12-27",
    chargeFailed: false,
    link: "https://shop.example/api/v2/orders/subscriptions/renewal/pay/?token=abcdefghijklmnopqrstuvwxyz012345",
  },
  "contract-ended": {
    parentFirstName: "Eva",
    contractNumber: "K7QM-3XHD-9PRA",
    productName: "Malen 5–7",
    childName: "Mila Muster",
    lastDay: "2026-12-27",
  },
  "month-paid": {
    parentFirstName: "Eva",
    contractNumber: "K7QM-3XHD-9PRA",
    productName: "Malen 5–7",
    childName: "Mila Muster",
    orderId: 914,
    from: "2026-12-28",
    to: "2027-02-03",
    amountCents: 7900,
    invoiceNumber: "RE-2026-000042",
  },
};

/** Values each sample must show in both bodies. */
const EXPECTED: { [Name in MailTemplateName]: string[] } = {
  "contract-cancellation": ["Eva", "K7QM-3XHD-9PRA", "Malkurs für Kinder (Mila)", "Umzug", "eva@example.org"],
  "gift-card": ["Olga", "815", "ACDE-FGHJ-KMNP-QRTU"],
  "verify-email": ["Anna"],
  "password-reset": ["Boris"],
  "email-change": ["Galina", "galina.neu@example.org", "email_token=tok-789"],
  "email-changed": ["Galina", "galina.neu@example.org"],
  "contact-confirmation": ["Jana", "Wolf", "jana@example.org", "+49 30 123456", "Bitte nach 16 Uhr"],
  // Phones grouped as staff read them (D657).
  "contact-request": ["Clara", "Schmidt", "clara@example.org", "+49 151 12345678", "Nachmittags bitte"],
  "order-confirmation": [
    "Dmitri",
    "4711",
    "Zm9vYmFyYmF6cXV4cXV1eA",
    "cXV1eHF1eGJhemZvb2Jhcg",
    "RE-2026-000042",
    "Malkurs für Kinder",
    "Mila",
    "Dienstag 16:00–17:30 (wöchentlich)",
    "Kastanienallee 12, 10435 Berlin",
    "Keramik-Workshop",
    "Lev",
    "18.04.2026, 15:00–18:00",
    "Geschenkgutschein",
    "K7QM-3XHD-9PRA",
    // The link's "&" is escaped in the HTML; the part before it shows alike in both bodies.
    "https://web.example/profile?tab=sales",
  ],
  "refund-notice": ["Erik", "815", "Keramik-Workshop (Lev Muster)"],
  "refund-failed": ["Erik", "815", "Keramik-Workshop (Lev Muster)"],
  "visit-request-confirmation": ["Olga", "Kleine Maler", "Mila Petrova", "olga@example.org", "815"],
  "visit-request-notification": [
    "Olga Petrova",
    "Kleine Maler",
    "Mila Petrova",
    "+49 151 12345678",
    "Mutter",
  ],
  "visit-request-confirmed": [
    "Olga",
    "815",
    "Kleine Maler",
    "Mila Petrova",
    "profile?tab=sales",
    "16:00–17:30",
    "Kastanienallee 12, 10435 Berlin",
  ],
  "visit-request-message": [
    "Olga",
    "815",
    "Kleine Maler",
    "Bitte bringen Sie eine Schürze mit.",
    "Bis Dienstag!",
  ],
  "party-request-notification": [
    "77",
    "Roboter-Geburtstag",
    "2026",
    "Mit Kuchen",
    "eva@example.org",
    "+49 30 123456",
  ],
  "party-request-received": ["Dmitri", "78", "Roboter-Geburtstag", "2026", "Mit Kuchen"],
  "payment-link": [
    "Eva",
    "4712",
    "Malkurs für Kinder",
    "Mila Muster",
    "79,00",
    "https://web.example/pay/abcDEF123456789012345",
  ],
  "waiting-list-offer": [
    "Olga",
    "Mila Petrova",
    "Kleine Maler",
    "16:00–17:30",
    "https://web.example/waiting-list/offer/abcDEF123",
  ],
  "waiting-list-joined": ["Olga", "Mila Petrova", "Töpfern: Deine eigene Tasse", "11:00–14:00", "2"],
  "withdrawal-confirmation": ["Irina", "912", "Malen 5–7 – Kurs (1 / Woche) (Mila Muster)", "GS-2026-000007"],
  "staff-refund": [
    "Irina",
    "914",
    "Malen 5–7 – Kurs (1 / Woche) (Mila Muster)",
    "Kurs fiel zweimal aus",
    "GS-2026-000008",
  ],
  "staff-notice": ["Mila Muster", "Malen 5–7 – Kurs (1 / Woche)", "Nr. 913", "eva@example.org"],
  "booking-moved": ["Irina", "916", "Malen 5–7", "Mila Muster", "16:00–17:30", "15:00–16:30"],
  "waiting-list-removed": ["Olga", "Mila Petrova", "Sommerakademie"],
  "waiting-list-offer-withdrawn": ["Olga", "Mila Petrova", "Malen 5–7", "16:00–17:30"],
  "party-declined": ["Eva", "78", "Roboter-Geburtstag – Standard: 2,5 Stunden, bis 8 Kinder"],
  "lesson-cancelled": ["Olga", "Malen 5–7", "16:00–17:30", "https://shop.example/profile/history"],
  "lesson-reminder": [
    "Olga",
    "Mila Petrova",
    "Malen 5–7",
    "Gartenstraße 5",
    "https://shop.example/absence/abcdefghijklmnopqrst",
  ],
  "renewal-due": [
    "Eva",
    "K7QM-3XHD-9PRA",
    "Malen 5–7",
    "Mila Muster",
    "79,00",
    "https://shop.example/api/v2/orders/subscriptions/renewal/pay/?token=abcdefghijklmnopqrstuvwxyz012345",
  ],
  "contract-ended": ["Eva", "K7QM-3XHD-9PRA", "Malen 5–7", "Mila Muster"],
  "month-paid": ["Eva", "K7QM-3XHD-9PRA", "Malen 5–7", "Mila Muster", "79,00", "RE-2026-000042", "914"],
};

function render<Name extends MailTemplateName>(name: Name, locale: Locale, data: MailTemplateData[Name]) {
  return renderMail(name, locale, data, { publicUrl: "https://shop.example" });
}

describe("renderMail", () => {
  for (const name of MAIL_TEMPLATE_NAMES) {
    for (const locale of LOCALES) {
      it(`${name} (${locale}) renders subject, html and text with the data in the shared layout`, () => {
        const mail = render(name, locale, SAMPLES[name]);
        expect(mail.subject.length).toBeGreaterThan(3);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        for (const value of EXPECTED[name]) {
          expect(mail.html).toContain(value);
          expect(mail.text).toContain(value);
        }
        for (const body of [mail.html, mail.text]) {
          // Header and footer in the mail's language.
          expect(body).toContain(
            locale === "ru"
              ? "«Ателье» – школа искусств и языков в Берлине"
              : "Atelier – Kunst- und Sprachschule Berlin",
          );
          if (locale === "ru") expect(body).not.toContain("Kunst- und Sprachschule");
          expect(body).toContain("Kastanienallee 12, 10435 Berlin");
        }
        expect(mail.html).toContain('href="https://shop.example/"');
        expect(mail.text).toContain("https://shop.example/");
      });
    }
  }

  it("writes German and Russian texts in the chosen locale", () => {
    expect(render("verify-email", "de", SAMPLES["verify-email"]).subject).toBe(
      "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    );
    expect(render("verify-email", "ru", SAMPLES["verify-email"]).subject).toBe(
      "Подтвердите адрес электронной почты",
    );
    expect(render("password-reset", "ru", SAMPLES["password-reset"]).text).toContain("Здравствуйте, Boris!");
    expect(render("contact-request", "de", SAMPLES["contact-request"]).subject).toBe(
      "Terminanfrage: Clara Schmidt",
    );
    expect(render("contact-request", "ru", SAMPLES["contact-request"]).html).toContain("14 марта 2026");
    expect(render("contact-request", "de", SAMPLES["contact-request"]).html).toContain("14. März 2026");
    const confirmation = render("contact-confirmation", "ru", SAMPLES["contact-confirmation"]);
    expect(confirmation.subject).toBe("Ваш запрос в «Ателье»: Заказ обратного звонка");
    expect(confirmation.text).toContain("Здравствуйте, Jana!");
    expect(confirmation.text).toContain("Комментарий (Jana Wolf):\n> Bitte nach 16 Uhr");
    expect(render("contact-confirmation", "de", SAMPLES["contact-confirmation"]).subject).toBe(
      "Ihre Anfrage bei Atelier: Rückrufbitte",
    );
  });

  it("puts the action link into both bodies, HTML-escaped in the markup", () => {
    const mail = render("verify-email", "de", SAMPLES["verify-email"]);
    expect(mail.html).toContain('href="https://shop.example/?email=confirmed&amp;key=abc123"');
    expect(mail.text).toContain("https://shop.example/?email=confirmed&key=abc123");
  });

  it("escapes markup in every interpolated value", () => {
    const verify = render("verify-email", "de", { firstName: EVIL, link: "https://shop.example/v" });
    const contact = render("contact-request", "ru", {
      kind: "partnership",
      firstName: EVIL,
      lastName: EVIL,
      email: "x@example.org",
      phone: "+4930123456",
      message: `${EVIL}\nzweite Zeile`,
      position: EVIL,
    });
    const order = render("order-confirmation", "de", {
      ...SAMPLES["order-confirmation"],
      firstName: EVIL,
      orderId: EVIL,
      invoiceNumber: EVIL,
      items: [
        {
          name: EVIL,
          visitorName: EVIL,
          when: EVIL,
          place: EVIL,
          priceCents: 100,
          monthlyCents: 0,
          contractNumber: null,
          qr: { cid: `x"><script>`, filename: "checkin-1.png", code: "Zm9vYmFyYmF6cXV4cXV1eA" },
        },
      ],
    });
    const refund = render("refund-notice", "ru", {
      ...SAMPLES["refund-notice"],
      firstName: EVIL,
      items: [EVIL],
    });
    for (const mail of [verify, contact, order, refund]) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      // The plain-text part is not markup and keeps the value as typed.
      expect(mail.text).toContain(EVIL);
    }
    expect(contact.html).toContain("&lt;/script&gt;<br>zweite Zeile");
  });

  it("shows what the § 312k form said only quoted and escaped, greeting the account holder (D91)", () => {
    const declared = {
      name: `${EVIL}\n\nIhr Konto wird gesperrt`,
      email: "stranger@example.org",
      contract: `1234-56 ${EVIL}`,
      reason: "Zahlen Sie\r\nbitte an DE00 1234",
    };
    const open = { de: "„", ru: "«" } as const;
    const close = { de: "“", ru: "»" } as const;
    for (const locale of LOCALES) {
      const q = (text: string) => `${open[locale]}${text}${close[locale]}`;
      const matched = render("contract-cancellation", locale, {
        ...SAMPLES["contract-cancellation"],
        declared,
      });
      // The school's copy when nothing matched: the typed number too, quoted.
      const unmatched = render("contract-cancellation", locale, {
        ...SAMPLES["contract-cancellation"],
        firstName: "",
        contractNumber: null,
        contractName: null,
        endsAt: null,
        declared,
      });
      for (const mail of [matched, unmatched]) {
        expect(mail.html).not.toContain("<script>");
        expect(mail.html).toContain(
          q("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ihr Konto wird gesperrt"),
        );
        // One line each, in quotation marks: typed line breaks cannot start a paragraph of the mail.
        expect(mail.text).toContain(q(`${EVIL} Ihr Konto wird gesperrt`));
        expect(mail.text).toContain(q("Zahlen Sie bitte an DE00 1234"));
        expect(mail.text).toContain(q("stranger@example.org"));
        expect(mail.text).not.toMatch(/\n(Ihr Konto|bitte an)/);
        expect(mail.text).not.toContain(locale === "de" ? `Hallo ${EVIL}` : `Здравствуйте, ${EVIL}`);
      }
      expect(matched.text).toContain(locale === "de" ? "Hallo Eva," : "Здравствуйте, Eva!");
      expect(matched.text).toContain("K7QM-3XHD-9PRA");
      expect(matched.text).not.toContain("1234-56");
      expect(unmatched.text).toContain(q(`1234-56 ${EVIL}`));
    }
  });

  it("keeps line breaks of names out of the subject header", () => {
    const mail = render("contact-request", "de", {
      ...SAMPLES["contact-request"],
      lastName: "Schmidt\r\nBcc: victim@example.org",
    });
    expect(mail.subject).toBe("Terminanfrage: Clara Schmidt Bcc: victim@example.org");
  });

  it("refuses links that are not http(s)", () => {
    expect(() => render("password-reset", "de", { firstName: "A", link: "javascript:alert(1)" })).toThrow(
      /http/,
    );
  });

  it("formats money as EUR the way each locale writes it", () => {
    const de = render("order-confirmation", "de", SAMPLES["order-confirmation"]);
    const ru = render("order-confirmation", "ru", SAMPLES["order-confirmation"]);
    // Intl separates the amount from € with a no-break space; ru groups thousands with one too.
    expect(de.html).toContain("1.234,50\u00a0€");
    expect(de.html).toContain("45,00\u00a0€");
    expect(de.text).toContain("Jetzt bezahlt: 1.329,50\u00a0€");
    expect(ru.html).toContain("1\u00a0234,50\u00a0€");
    expect(ru.html).toContain("45,00\u00a0€");
    expect(ru.text).toContain("Оплачено сейчас: 1\u00a0329,50\u00a0€");
  });

  it("shows each attending item's QR code inline by its cid, and none for a gift card", () => {
    for (const locale of LOCALES) {
      const mail = render("order-confirmation", locale, SAMPLES["order-confirmation"]);
      expect(mail.html).toContain('src="cid:checkin-1@atelier"');
      expect(mail.html).toContain('src="cid:checkin-2@atelier"');
      expect(mail.html.match(/src="cid:/g)).toHaveLength(2);
      // The plain-text part cannot show images: it names the attached files.
      expect(mail.text).toContain("checkin-1.png");
      expect(mail.text).toContain("RE-2026-000042");
    }
    const de = render("order-confirmation", "de", SAMPLES["order-confirmation"]);
    expect(de.text).toContain("Monatlicher Beitrag der Abos: 79,00\u00a0€");
    expect(de.text).toContain("Ihre Rechnung RE-2026-000042 finden Sie als PDF im Anhang.");
  });

  it("says how a subscription's monthly payment runs after the first month and when the next is due (issue 32 item 2, D292)", () => {
    const de = render("order-confirmation", "de", SAMPLES["order-confirmation"]);
    const ru = render("order-confirmation", "ru", SAMPLES["order-confirmation"]);
    expect(de.text).toContain("Nächste Zahlung: 79,00\u00a0€, fällig am 28. Dezember 2026");
    expect(de.html).toContain("fällig am 28. Dezember 2026");
    expect(de.text).toContain(
      "Eine Woche bevor der nächste fällig wird, schicken wir Ihnen eine E-Mail mit einem Zahlungslink",
    );
    expect(de.text).toContain("automatische Zahlung");
    expect(ru.text).toContain("Следующий платёж: 79,00\u00a0€, до 28 декабря 2026 г.");
    expect(ru.text).toContain("письмо со ссылкой на оплату");
    // Only the subscription says it: the workshop and the gift card have no next payment.
    expect(de.text.match(/Nächste Zahlung/g)).toHaveLength(1);
    const oneOff = render("order-confirmation", "de", {
      ...SAMPLES["order-confirmation"],
      items: SAMPLES["order-confirmation"].items.filter((item) => !item.nextPayment),
    });
    expect(oneOff.text).not.toContain("Monatsbeitrag weiter");
  });

  it("tells in both locales that a late payment is refunded in full", () => {
    const de = render("refund-notice", "de", SAMPLES["refund-notice"]);
    const ru = render("refund-notice", "ru", SAMPLES["refund-notice"]);
    expect(de.subject).toBe("Ihre Bestellung Nr. 815: Zahlung wird erstattet");
    expect(de.text).toContain("nach Ablauf der Reservierung");
    expect(de.text).toContain("den vollen Betrag von 45,00\u00a0€");
    expect(ru.subject).toBe("Ваш заказ № 815: оплата будет возвращена");
    expect(ru.text).toContain("всю сумму — 45,00\u00a0€");
    // The gateway refused the refund (D578): the same reason, then that the school pays it another way.
    const refused = render("refund-notice", "de", { ...SAMPLES["refund-notice"], refundFailed: true });
    expect(refused.text).toContain("nach Ablauf der Reservierung");
    expect(refused.text).toContain(
      "Den Betrag von 45,00\u00a0€ konnten wir leider nicht auf dem Weg erstatten, auf dem Sie bezahlt haben.",
    );
    expect(refused.text).not.toContain("Wir erstatten Ihnen den vollen Betrag");
    // It asks for a reply once, with the IBAN, not again in the closing line.
    expect(refused.text.match(/antworten/g)).toHaveLength(1);
    expect(refused.html.match(/antworten/g)).toHaveLength(1);
    expect(de.text).toContain("Bei Fragen antworten Sie einfach auf diese E-Mail.");
    const refusedRu = render("refund-notice", "ru", { ...SAMPLES["refund-notice"], refundFailed: true });
    expect(refusedRu.text).toContain("вернуть 45,00\u00a0€ тем способом, которым вы платили, не получилось");
    expect(refusedRu.text.match(/ответ/g)).toHaveLength(1);
  });

  it("tells in both locales that a late payment's gift card part went back onto the card, not that the seats went", () => {
    const data = { ...SAMPLES["refund-notice"], reason: "gift_card_released" as const };
    const de = render("refund-notice", "de", data);
    const ru = render("refund-notice", "ru", data);
    expect(de.text).toContain("wieder auf den Gutschein gebucht");
    expect(de.text).toContain("Ihr Gutschein behält seinen Wert");
    expect(ru.text).toContain("вернулась на сертификат");
    expect(ru.text).toContain("Сертификат сохраняет свою стоимость");
    for (const mail of [de, ru]) {
      expect(mail.text).not.toContain("Plätze");
      expect(mail.text).not.toContain("места");
    }
  });

  it("tells in both locales that a refund did not reach the family and how the school pays it (D578)", () => {
    const de = render("refund-failed", "de", SAMPLES["refund-failed"]);
    const ru = render("refund-failed", "ru", SAMPLES["refund-failed"]);
    expect(de.subject).toBe("Erstattung zu Ihrer Bestellung Nr. 815 nicht angekommen");
    expect(de.text).toContain(
      "die Erstattung von 45,00\u00a0€ zu Ihrer Bestellung Nr. 815 hat Ihre Bank leider abgelehnt",
    );
    expect(de.text).toContain("Kontoinhaber und IBAN");
    expect(ru.subject).toBe("Возврат по заказу № 815 не дошёл");
    expect(ru.text).toContain("ваш банк отклонил возврат 45,00\u00a0€");
    // Refused by the payment service itself: no word of the bank.
    const refused = render("refund-failed", "de", { ...SAMPLES["refund-failed"], atBank: false });
    expect(refused.text).toContain("konnte leider nicht über den Zahlungsweg ausgeführt werden");
    expect(refused.text).not.toContain("Bank");
    const refusedRu = render("refund-failed", "ru", { ...SAMPLES["refund-failed"], atBank: false });
    expect(refusedRu.text).toContain("тем способом, которым вы платили, не получилось");
    expect(refusedRu.text).not.toContain("банк ");
  });

  it("writes Russian mails with a capital after the greeting and every sentence, as a Russian reader expects (issue 24)", () => {
    for (const name of MAIL_TEMPLATE_NAMES) {
      const { text } = render(name, "ru", SAMPLES[name]);
      // "Здравствуйте, Eva! мы получили…" reads as a typo: after "!" and at the start of a paragraph
      // Russian writes a capital, unlike German's "Hallo Anna, wir haben…".
      expect(text, name).not.toMatch(/[!?]\s+\p{Ll}/u);
      for (const block of text.split(/\n\s*\n/)) {
        const first = block.match(/\p{L}/u)?.[0] ?? "";
        if (block.trimStart().startsWith("http")) continue;
        expect(first, `${name}: ${block.slice(0, 60)}`).toBe(first.toUpperCase());
      }
    }
    expect(render("contract-cancellation", "ru", SAMPLES["contract-cancellation"]).text).toContain(
      "Здравствуйте, Eva! Мы получили ваше заявление",
    );
  });

  it("puts no child's name where Russian would decline it, only in the labelled rows (issue 24)", () => {
    // "подошла очередь Mila Petrova" needs the genitive ("Милы Петровой"), which a template cannot form.
    const { text } = render("waiting-list-offer", "ru", SAMPLES["waiting-list-offer"]);
    const lines = text.split("\n").filter((line) => line.includes("Mila Petrova"));
    expect(lines).toEqual(["Ребёнок: Mila Petrova"]);
  });

  it("gives a week's offer that runs until the week begins as 24:00 of the day before (D624)", () => {
    const week = {
      ...SAMPLES["waiting-list-offer"],
      slot: null,
      week: { startsOn: "2027-07-13", endsOn: "2027-07-17" },
      // The week begins at 00:00 on 13 July in Berlin (22:00 UTC the day before).
      expiresAt: "2027-07-12T22:00:00.000Z",
    };
    expect(render("waiting-list-offer", "de", week).text).toContain(
      "Das Angebot gilt bis zum 12. Juli 2027 um 24:00 Uhr",
    );
    expect(render("waiting-list-offer", "ru", week).text).toContain(
      "Предложение действует до 12 июля 2027 г. в 24:00",
    );
    expect(render("waiting-list-offer", "de", SAMPLES["waiting-list-offer"]).text).toContain(
      "Das Angebot gilt bis zum 14. März 2026 um 16:00 Uhr",
    );
  });

  it("says on joining what may end an offer before its hours: a session's or a week's start, nothing for a course (D624)", () => {
    const sample = SAMPLES["waiting-list-joined"];
    const session = render("waiting-list-joined", "de", sample).text;
    expect(session).toContain("24 Stunden für Sie reserviert, höchstens aber bis zum Beginn des Termins;");
    const weekly = { ...sample, slot: { weekday: 2, date: null, start: "16:00:00", end: "17:30:00" } };
    expect(render("waiting-list-joined", "de", weekly).text).toContain(
      "24 Stunden für Sie reserviert; danach",
    );
    const week = { ...sample, slot: null, week: { startsOn: "2027-07-12", endsOn: "2027-07-16" } };
    expect(render("waiting-list-joined", "ru", week).text).toContain(
      "24 часа, но не дольше, чем до начала недели. После этого",
    );
    expect(render("waiting-list-joined", "ru", weekly).text).toContain("24 часа. После этого");
  });

  it("names the profile's tab the way the profile shows it (Verlauf / История, issue 24)", () => {
    const de = render("order-confirmation", "de", SAMPLES["order-confirmation"]).text;
    const ru = render("order-confirmation", "ru", SAMPLES["order-confirmation"]).text;
    expect(de).toContain("in Ihrem Profil im Reiter „Verlauf“");
    expect(ru).toContain("в вашем профиле на вкладке «История»");
    expect(de).not.toContain("Käufe");
    expect(ru).not.toContain("Покупки");
  });

  it("words a policy cancellation as a cancellation with refund, a § 355 withdrawal as a withdrawal (D179)", () => {
    const cancelled = {
      ...SAMPLES["withdrawal-confirmation"],
      item: "Töpfern: Deine eigene Tasse – Ticket (Mila Muster)",
      refundCents: 7900,
      basis: "full" as const,
      kind: "cancellation" as const,
    };
    const de = render("withdrawal-confirmation", "de", cancelled);
    expect(de.subject).toBe("Bestätigung Ihrer Stornierung (Bestellung Nr. 912)");
    expect(de.text).toContain("wir bestätigen Ihre Stornierung vom 22. Juni 2026");
    expect(de.text).toMatch(/Erstattung: 79,00\s€/);
    expect(de.text).toContain("wir erstatten den vollen Betrag");
    for (const mail of [de.subject, de.text, de.html]) expect(mail).not.toMatch(/widerruf/i);
    const ru = render("withdrawal-confirmation", "ru", cancelled);
    expect(ru.subject).toBe("Подтверждение отмены (заказ № 912)");
    expect(ru.text).toContain("Подтверждаем, что 22 июня 2026 г. вы отменили следующее бронирование.");
    expect(ru.text).toContain("мы возвращаем всю сумму");
    for (const mail of [ru.subject, ru.text, ru.html]) expect(mail).not.toContain("отказ");

    // A course's withdrawal, and a mail queued before the kind existed, keep the statutory wording.
    for (const data of [
      { ...SAMPLES["withdrawal-confirmation"], kind: "withdrawal" as const },
      SAMPLES["withdrawal-confirmation"],
    ]) {
      expect(render("withdrawal-confirmation", "de", data).subject).toBe(
        "Eingangsbestätigung Ihres Widerrufs (Bestellung Nr. 912)",
      );
      expect(render("withdrawal-confirmation", "ru", data).subject).toBe(
        "Подтверждение получения отказа от договора (заказ № 912)",
      );
      expect(render("withdrawal-confirmation", "ru", data).text).toContain(
        "Подтверждаем, что 22 июня 2026 г. мы получили ваш отказ от договора.",
      );
    }
  });

  it("only accepts the data of the named template", () => {
    // @ts-expect-error verify-email needs a link
    expect(() => renderMail("verify-email", "ru", { firstName: "Anna" })).toThrow();
  });
});

describe("the order confirmation carries the withdrawal terms and the model form (§ 312f (2) BGB, D251)", () => {
  it.each([
    [
      "de",
      ["Widerrufsbelehrung", "binnen vierzehn Tagen", "Muster-Widerrufsformular", "Unzutreffendes streichen"],
    ],
    [
      "ru",
      [
        "Разъяснение о праве на отказ",
        "четырнадцати дней",
        "Образец заявления об отказе",
        "Ненужное зачеркнуть",
      ],
    ],
  ] as const)("%s: in the text and the HTML part, in the parent's language", (locale, phrases) => {
    const mail = render("order-confirmation", locale, SAMPLES["order-confirmation"]);
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase);
    }
  });
});

describe("a gift card bought alone (D283)", () => {
  it("is confirmed as a purchase, not as a booking of seats with a QR code, in German and Russian", () => {
    for (const locale of ["de", "ru"] as const) {
      const mail = render("order-confirmation", locale, {
        ...SAMPLES["order-confirmation"],
        items: [
          {
            ...SAMPLES["order-confirmation"].items[0],
            qr: null,
            visitorName: null,
            when: "",
            place: null,
          } as never,
        ],
        giftCardsOnly: true,
      });
      expect(mail.subject).toMatch(locale === "de" ? /Geschenkgutschein/ : /подарочный сертификат/);
      for (const booked of [
        "Plätze",
        "ersten Termin",
        "места закреплены",
        "первое занятие",
        "Бронирование",
        "бронирование",
      ]) {
        expect(mail.text).not.toContain(booked);
        expect(mail.subject).not.toContain(booked);
      }
      expect(mail.text).toContain(locale === "de" ? "keine Umsatzsteuer" : "НДС не взимается");
    }
    // A lesson booking keeps its wording.
    expect(render("order-confirmation", "ru", SAMPLES["order-confirmation"]).text).toContain(
      "места закреплены",
    );
  });
});

describe("a withdrawn gift card (D486)", () => {
  it("frees no seat, and no mail names a payment method the parent may not have used", () => {
    for (const locale of ["de", "ru"] as const) {
      const card = render("withdrawal-confirmation", locale, {
        ...SAMPLES["withdrawal-confirmation"],
        item: "Geschenkgutschein – Gutschein über 30 €",
        basis: "gift_card_balance",
      });
      expect(card.text).not.toMatch(/Platz|место/);
      const course = render("withdrawal-confirmation", locale, SAMPLES["withdrawal-confirmation"]);
      expect(course.text).toMatch(locale === "de" ? /der Platz ist wieder frei\./ : /место снова свободно\./);
      for (const mail of [card, course]) expect(mail.text).not.toContain("PayPal");
    }
    const cancelled = render("withdrawal-confirmation", "de", {
      ...SAMPLES["withdrawal-confirmation"],
      kind: "cancellation",
      basis: "full",
    });
    expect(cancelled.text).not.toContain("PayPal");
  });
});

describe("a bought gift card refunded in part (D640)", () => {
  it("tells the buyer what the card is worth now, in German and Russian", () => {
    const part = {
      ...SAMPLES["staff-refund"],
      item: "Geschenkgutschein",
      refundCents: 2000,
      giftCardWorthCents: 3000,
    };
    const oneLine = (text: string) => text.replace(/\s+/g, " ");
    expect(oneLine(render("staff-refund", "de", part).text)).toContain(
      "Der Gutschein ist jetzt noch 30,00 € wert.",
    );
    expect(oneLine(render("staff-refund", "ru", part).text)).toContain(
      "Теперь сертификат действует на сумму 30,00 €.",
    );
    expect(oneLine(render("staff-refund", "de", part).html)).toContain("jetzt noch 30,00");
    // Another booking's refund names no card.
    expect(render("staff-refund", "de", SAMPLES["staff-refund"]).text).not.toContain("jetzt noch");
  });
});

describe("a refund onto a gift card (D494, D499)", () => {
  it("names the card's part and until when the card pays, in the parent's language", () => {
    const onCard = { ...SAMPLES["staff-refund"], giftCardCents: 1000, giftCardValidUntil: "2029-12-31" };
    const de = render("staff-refund", "de", onCard).text;
    expect(de).toMatch(/Davon zurück auf Ihren Gutschein: 10,00\s€/);
    expect(de).toContain("Gutschein gültig bis: 31. Dezember 2029");
    const ru = render("staff-refund", "ru", onCard).text;
    expect(ru).toContain("Сертификат действует до: 31 декабря 2029");
    // Nothing onto a card: no card's day.
    const gateway = render("staff-refund", "de", { ...onCard, giftCardCents: 0 }).text;
    expect(gateway).not.toContain("gültig bis");
    // A withdrawal's confirmation names them the same way.
    const withdrawn = {
      ...SAMPLES["withdrawal-confirmation"],
      giftCardCents: 1000,
      giftCardValidUntil: "2029-12-31",
    };
    expect(render("withdrawal-confirmation", "de", withdrawn).text).toContain(
      "Gutschein gültig bis: 31. Dezember 2029",
    );
    expect(render("withdrawal-confirmation", "ru", withdrawn).text).toMatch(
      /Из них на ваш сертификат: 10,00\s€/,
    );
    expect(render("withdrawal-confirmation", "de", SAMPLES["withdrawal-confirmation"]).text).not.toContain(
      "Gutschein gültig",
    );
  });

  it("says a deactivated card is blocked and the school gets in touch; the school's notice says what to do (D504)", () => {
    const blocked = {
      ...SAMPLES["withdrawal-confirmation"],
      giftCardCents: 1000,
      giftCardValidUntil: null,
      giftCardBlocked: true,
    };
    const de = render("withdrawal-confirmation", "de", blocked).text;
    expect(de).toMatch(/Davon zurück auf Ihren Gutschein: 10,00\s€/);
    expect(de).toContain(
      "Gutschein: gesperrt – die Schule meldet sich bei Ihnen, damit Sie diesen Betrag erhalten",
    );
    expect(de).not.toContain("gültig bis");
    expect(render("withdrawal-confirmation", "ru", blocked).text).toContain(
      "Сертификат: заблокирован — школа свяжется с вами, чтобы вы получили эту сумму",
    );
    const notice = render("staff-notice", "de", {
      ...SAMPLES["staff-notice"],
      event: "withdrawal",
      blockedGiftCard: { code: "ABCD-EFGH", cents: 1000 },
    });
    expect(notice.text).toMatch(
      /Handlungsbedarf: 10,00\s€ wurden auf den Gutschein ABCD-EFGH zurückgebucht, den die Schule deaktiviert hat;/,
    );
    expect(notice.text).toContain(
      "Aktivieren Sie den Gutschein wieder oder stellen Sie der Familie einen neuen Gutschein über diesen Betrag aus.",
    );
    expect(render("staff-notice", "de", SAMPLES["staff-notice"]).text).not.toContain("Handlungsbedarf");
  });
});

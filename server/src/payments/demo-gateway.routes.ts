import type { Locale } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatMoney, html } from "../mail/index.ts";
import type { DemoGateway, DemoOrderView } from "./demo-gateway.ts";

const TEXTS: Record<Locale, Record<string, string>> = {
  de: {
    title: "Demo-Zahlung",
    banner: "DEMO – hier fließt kein echtes Geld. Die Schule hat noch kein PayPal-Konto eingerichtet.",
    intro: "So würde PayPal die Zahlung zur Freigabe zeigen:",
    total: "Gesamt",
    giftCard: "Mit Gutschein bezahlt",
    approve: "Zahlung freigeben (Demo)",
    cancel: "Abbrechen und zurück zum Warenkorb",
    gone: "Diese Demo-Zahlung gibt es nicht.",
    done: "Diese Demo-Zahlung wurde bereits entschieden.",
  },
  ru: {
    title: "Демо-оплата",
    banner: "ДЕМО – настоящие деньги не списываются. Школа ещё не подключила PayPal.",
    intro: "Так PayPal показал бы платёж для подтверждения:",
    total: "Итого",
    giftCard: "Оплачено подарочным сертификатом",
    approve: "Подтвердить оплату (демо)",
    cancel: "Отменить и вернуться в корзину",
    gone: "Такой демо-оплаты нет.",
    done: "По этой демо-оплате решение уже принято.",
  },
};

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f2937}" +
  ".banner{background:#fde68a;border:2px solid #b45309;padding:.75rem 1rem;font-weight:700;border-radius:.5rem}" +
  "table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.4rem 0;border-bottom:1px solid #e5e7eb}" +
  "td:last-child{text-align:right}button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;margin:.25rem 0;width:100%;cursor:pointer}" +
  ".approve{background:#1f3a5f;color:#fff;border:0}.cancel{background:#fff;border:1px solid #1f3a5f;color:#1f3a5f}";

function page(locale: Locale, body: string) {
  const t = TEXTS[locale];
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${t.title}</title><style>${STYLE}</style></head><body><p class="banner" role="note">${t.banner}</p>${body}</body></html>`;
}

/** The lines of one of our orders as the server charges them (its price less sibling and promocode discounts). */
export type OrderLines = (
  orderId: number,
  locale: Locale,
) => Promise<{ name: string; amountCents: number }[] | undefined>;

function approvalPage(order: DemoOrderView, lines: { name: string; amountCents: number }[]) {
  const t = TEXTS[order.locale];
  const money = (cents: number) => formatMoney(cents, order.locale);
  const rows = lines.map((line) => html`<tr><td>${line.name}</td><td>${money(line.amountCents)}</td></tr>`);
  // What the lines leave over the amount due is the gift card's part (the only order-level deduction).
  const byCard = lines.reduce((sum, line) => sum + line.amountCents, 0) - order.amountCents;
  if (byCard > 0) rows.push(html`<tr><td>${t.giftCard}</td><td>−${money(byCard)}</td></tr>`);
  const body = html`<h1>${t.title}</h1><p>${t.intro}</p><p>${order.description}</p>
<table>${rows}<tr><td><strong>${t.total}</strong></td><td><strong>${money(order.amountCents)}</strong></td></tr></table>
<form method="post" action="/payments/demo/${order.id}/approve"><button class="approve" type="submit">${t.approve}</button></form>
<form method="post" action="/payments/demo/${order.id}/cancel"><button class="cancel" type="submit">${t.cancel}</button></form>`;
  return page(order.locale, body.toString());
}

const ParamsSchema = z.object({ id: z.string().regex(/^DEMO[0-9A-F]{16}$/) });

const withParams = (url: string, params: Record<string, string>) => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
};

/**
 * The demo gateway's approval page (D49): what PayPal's window would be, marked as a demo on every screen.
 * Approving or cancelling redirects like PayPal does: to the return or cancel address with `?token=`.
 * Its lines are our order's as the cart and checkout show them (`orderLines`, handed in by the wiring),
 * not the request's list prices, so a sibling discount is not shown as the full price (issue 24).
 */
export const demoGatewayRoutes =
  ({
    demo,
    webUrl,
    orderLines,
  }: {
    demo: DemoGateway;
    webUrl: string;
    orderLines?: OrderLines | undefined;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // The page's forms post no fields; their body is not read.
    app.addContentTypeParser("application/x-www-form-urlencoded", { bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, {}),
    );

    app.get(
      "/payments/demo/:id",
      { schema: { hide: true, params: ParamsSchema } },
      async (request, reply) => {
        const order = await demo.find(request.params.id);
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        if (!order)
          return reply.status(404).send(page(request.locale, `<p>${TEXTS[request.locale].gone}</p>`));
        if (order.status !== "CREATED")
          return reply.send(page(order.locale, `<p>${TEXTS[order.locale].done}</p>`));
        const ours = order.orderId === null ? undefined : await orderLines?.(order.orderId, order.locale);
        return reply.send(approvalPage(order, ours?.length ? ours : order.items));
      },
    );

    for (const choice of ["approve", "cancel"] as const) {
      app.post(
        `/payments/demo/:id/${choice}`,
        { schema: { hide: true, params: ParamsSchema } },
        async (request, reply) => {
          const id = request.params.id;
          const target = await demo.decide(id, choice);
          if (!target)
            return reply
              .status(404)
              .type("text/html; charset=utf-8")
              .send(page(request.locale, `<p>${TEXTS[request.locale].gone}</p>`));
          const fallback = `${webUrl.replace(/\/$/, "")}/cart`;
          const url =
            choice === "approve"
              ? withParams(target.returnUrl ?? fallback, { token: id, PayerID: "DEMOPAYER" })
              : withParams(target.cancelUrl ?? fallback, { token: id });
          return reply.redirect(url, 303);
        },
      );
    }
  };

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test/test-app.ts";

/**
 * The OpenAPI document (`/api/docs/openapi.json`) states the replies the school's existing front end reads
 * (api-shapes Part 2): each call it makes is in the document, with the fields it reads in the reply's
 * schema, so a change of one of them shows in the contract, not only in the client.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  required?: string[];
  enum?: unknown[];
  pattern?: string;
};
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components?: { schemas?: Record<string, Schema> };
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let doc: Doc;
beforeAll(async () => {
  ctx = await createTestApp();
  doc = (await ctx.app.inject("/api/docs/openapi.json")).json();
}, 60_000);
afterAll(() => ctx?.close());

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop() ?? "";
  const found = doc.components?.schemas?.[name];
  if (!found) throw new Error(`no schema ${schema.$ref}`);
  return resolve(found);
}

/** The schema at a dotted path: `items[]` steps into an array, a union is searched branch by branch. */
function at(schema: Schema, path: string[]): Schema | undefined {
  const here = resolve(schema);
  if (path.length === 0) return here;
  const branches = here.anyOf ?? here.oneOf ?? here.allOf;
  if (branches) {
    for (const branch of branches) {
      const found = at(branch, path);
      if (found) return found;
    }
    return undefined;
  }
  const [step = "", ...rest] = path;
  if (step === "[]") return here.items ? at(here.items, rest) : undefined;
  const next = here.properties?.[step];
  return next ? at(next, rest) : undefined;
}

function reply(method: string, path: string): Schema {
  const operation = doc.paths[path]?.[method];
  expect(operation, `${method.toUpperCase()} ${path} is in the document`).toBeTruthy();
  const ok = operation?.responses["200"] ?? operation?.responses["201"];
  const schema = ok?.content?.["application/json"]?.schema;
  expect(schema, `${method.toUpperCase()} ${path} has a reply schema`).toBeTruthy();
  return schema as Schema;
}

/** Fields the client reads, as dotted paths (`[]` = each element). */
const READS: [method: string, path: string, fields: string[]][] = [
  [
    "get",
    "/api/v2/wagtail/products/",
    [
      "items.[].meta.type",
      "items.[].meta.detail_url",
      "items.[].slug",
      "items.[].product_type",
      "items.[].age_group",
      "items.[].language",
      "items.[].category",
      "items.[].current_status",
      "items.[].title_image.meta.download_url",
      "items.[].catalog.meta.detail_url",
      "items.[].schedule_slots.[].weekday",
    ],
  ],
  [
    "get",
    "/api/v2/wagtail/products/{id}/",
    [
      "seo_text",
      "schedule_slots.[].space",
      "purchase_options.[].schedule_type",
      "purchase_options.[].base_price",
      "purchase_options.[].price_text",
      "academy_schedule_slots.[].week_number",
      "length",
      "program.[].text",
      "body.[].value",
      "qna.[].answer",
      "instructors.[].profile_pic",
    ],
  ],
  ["get", "/api/v2/wagtail/catalog/", ["items.[].name"]],
  ["get", "/api/v2/wagtail/homepage/", ["items.[].body.[].type", "items.[].body.[].value"]],
  ["get", "/api/v2/wagtail/prices/", ["items.[].heading", "items.[].body"]],
  ["get", "/api/v2/wagtail/instructors/", ["items.[].name", "items.[].speciality", "items.[].title_image"]],
  ["get", "/api/v2/wagtail/instructors/{id}/", ["description", "gallery_images.[].image", "body"]],
  ["get", "/api/v2/wagtail/images/{id}/", ["id", "title", "meta.download_url"]],
  ["get", "/api/v2/wagtail/special-offers/", ["items.[].name", "items.[].seo_text"]],
  ["get", "/api/v2/wagtail/special-offers/{id}/", ["name", "age_group", "title_image", "background_image"]],
  ["get", "/api/v2/wagtail/school-offers/", ["items.[].heading"]],
  ["get", "/api/v2/wagtail/legal/", ["items.[].contents"]],
  ["get", "/api/v2/products/branches/", ["[].id", "[].name"]],
  ["get", "/api/v2/products/categories/", ["[].id", "[].name"]],
  ["post", "/api/v2/orders/init/", ["cart_id"]],
  [
    "get",
    "/api/v2/orders/current/",
    [
      "total_checkout_price",
      "total_recurrent_price",
      "items.[].visitor.id",
      "items.[].visitor.birth_date",
      "items.[].purchase_option",
      "items.[].product_page.purchase_options.[].schedule_type",
      "items.[].product_page.recommendations",
      "items.[].schedule_slots.[].weekday",
      "items.[].schedule_slots.[].start",
      "items.[].academy_weeks",
      "items.[].calculated_price",
      "items.[].discount_amount",
      // Issue 31 items 11 and 17 (D223, D224): the price before discounts, the gift card's share, slot ends.
      "items.[].list_price",
      "items.[].gift_card_paid_cents",
      "items.[].schedule_slots.[].end",
    ],
  ],
  ["post", "/api/v2/orders/items/", ["id", "visitor"]],
  ["patch", "/api/v2/orders/items/{id}/", ["visitor.id"]],
  [
    "get",
    "/api/v2/orders/items/history/",
    [
      "[].state",
      "[].purchased_at",
      "[].paypal_invoice_link",
      "[].purchase_option.schedule_type",
      "[].schedule_slots.[].weekday",
      "[].schedule_slots.[].end",
      "[].product_page.name",
      "[].product_page.product_type",
      "[].product_page.schedule_slots",
    ],
  ],
  ["post", "/api/v2/orders/visit_request/", ["id", "date", "children"]],
  // `P/cart.vue`: `{url}` for Stripe's redirect, `{id}` for the PayPal buttons.
  ["post", "/api/v2/orders/fulfill/", ["id", "url"]],
];

describe("the OpenAPI document states what the existing client reads", () => {
  it.each(READS)("%s %s", (method, path, fields) => {
    const schema = reply(method, path);
    for (const field of fields) {
      const steps = field
        .split(".")
        .flatMap((step) => (step.startsWith("[]") && step !== "[]" ? ["[]", step.slice(2)] : [step]));
      expect(at(schema, steps), `${path}: ${field}`).toBeTruthy();
    }
  });

  it("states Stripe's back link of issue 31 item 13 (D291): a GET with the signed order, staging and destination", () => {
    const operation = doc.paths["/api/v2/payments/stripe/cancel/"]?.get as unknown as
      | { parameters?: { name: string; in: string; required?: boolean }[] }
      | undefined;
    expect(operation).toBeTruthy();
    const query = (operation?.parameters ?? []).filter((parameter) => parameter.in === "query");
    expect(query.map((parameter) => parameter.name).sort()).toEqual(["attempt", "next", "order", "sig"]);
    expect(query.every((parameter) => parameter.required)).toBe(true);
  });

  it("states the content shapes of issue 31: weekdays on every Wagtail slot, category as a name, the client's language keys, prices as decimals", () => {
    const detail = reply("get", "/api/v2/wagtail/products/{id}/");
    const cards = reply("get", "/api/v2/wagtail/products/");
    for (const weekday of [
      at(detail, ["schedule_slots", "[]", "weekday"]),
      at(cards, ["items", "[]", "schedule_slots", "[]", "weekday"]),
    ])
      expect(JSON.stringify(weekday)).toContain('"Saturday"');
    for (const price of ["price_text", "base_price"])
      expect(at(detail, ["purchase_options", "[]", price])?.pattern, price).toBe("^\\d+\\.\\d{2}$");
    expect(JSON.stringify(at(detail, ["category"]))).toContain('"string"');
    expect(at(detail, ["category_id"])).toBeTruthy();
    expect(JSON.stringify(at(detail, ["language"]))).toContain('"de/ru"');
    expect(JSON.stringify(at(detail, ["language"]))).not.toContain('"de-ru"');
    expect(JSON.stringify(at(detail, ["language_code"]))).toContain('"de-ru"');
    // The legal listing takes the client's `name` (Datenschultz, AGB).
    const legal = doc.paths["/api/v2/wagtail/legal/"]?.get as unknown as { parameters?: { name: string }[] };
    expect(legal.parameters?.map((parameter) => parameter.name)).toContain("name");
    // The current order's and the history's slots carry the English weekday enum (dated sessions too).
    const history = reply("get", "/api/v2/orders/items/history/");
    expect(JSON.stringify(at(history, ["[]", "schedule_slots", "[]", "weekday"]))).toContain('"Sunday"');
  });

  it("states the enums the client compares: English weekdays, item states, a YYYY-MM-DD purchased_at", () => {
    const current = reply("get", "/api/v2/orders/current/");
    const weekday = at(current, ["items", "[]", "schedule_slots", "[]", "weekday"]);
    expect(JSON.stringify(weekday)).toContain('"Monday"');
    // An academy's days (D224) and a dated session are slots with a weekday of the same enum.
    expect(JSON.stringify(at(current, ["items", "[]", "academy_weeks", "[]"]))).toContain('"integer"');
    const history = reply("get", "/api/v2/orders/items/history/");
    expect(JSON.stringify(at(history, ["[]", "schedule_slots", "[]", "weekday"]))).toContain('"Friday"');
    expect(at(history, ["[]", "state"])?.enum).toEqual(
      expect.arrayContaining(["active", "frozen", "awaiting payment", "renewal available", "cancelled"]),
    );
    expect(at(history, ["[]", "purchased_at"])?.pattern).toBe("^\\d{4}-\\d{2}-\\d{2}$");
  });
});

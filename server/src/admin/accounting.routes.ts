import { AccountingParamsSchema, type DatevSettings, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import {
  accountingCsv,
  accountingZip,
  datevBuchungsstapel,
  findMonthDocuments,
  type Seller,
} from "../invoices/index.ts";
import { currentUser } from "../plugins/index.ts";
import { auditExportOn, download, errors } from "./exports.ts";
import { adminOperation as base } from "./route-docs.ts";

/**
 * The accounting export of a month (D134, D282): the list as CSV, the PDFs as ZIP, the DATEV
 * Buchungsstapel. Registered inside `adminRoutes`, so `requireStaff` guards every route; each download
 * is audited with the documents it carried.
 */
export const accountingRoutes =
  ({
    db,
    seller,
    datev,
  }: {
    db: Db;
    seller: Seller;
    /** The DATEV numbers and accounts as the school's settings say now (D282). */
    datev: (db: Db) => Promise<DatevSettings>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const auditExport = auditExportOn(db);

    app.get(
      "/api/v2/admin/accounting/:month/documents.csv",
      {
        schema: {
          ...base("A month's invoices and credit notes as CSV for the tax adviser"),
          params: AccountingParamsSchema,
          querystring: LocaleQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const { month } = request.params;
        const rows = await findMonthDocuments(db, month);
        await auditExport(currentUser(request), "accounting", Number(month.replace("-", "")), {
          month,
          format: "csv",
          documents: rows.map((row) => row.number),
        });
        return download(reply, "text/csv; charset=utf-8", `belege-${month}.csv`, accountingCsv(rows, seller));
      },
    );

    app.get(
      "/api/v2/admin/accounting/:month/documents.zip",
      {
        schema: {
          ...base("A month's invoices and credit notes as PDFs in one ZIP, with the CSV"),
          params: AccountingParamsSchema,
          querystring: LocaleQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const { month } = request.params;
        const rows = await findMonthDocuments(db, month);
        await auditExport(currentUser(request), "accounting", Number(month.replace("-", "")), {
          month,
          format: "zip",
          documents: rows.map((row) => row.number),
        });
        return download(
          reply,
          "application/zip",
          `belege-${month}.zip`,
          await accountingZip(rows, seller, month),
        );
      },
    );

    app.get(
      "/api/v2/admin/accounting/:month/datev.csv",
      {
        schema: {
          ...base("A month's invoices and credit notes as a DATEV Buchungsstapel (EXTF, Windows-1252)"),
          params: AccountingParamsSchema,
          querystring: LocaleQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const { month } = request.params;
        const rows = await findMonthDocuments(db, month);
        await auditExport(currentUser(request), "accounting", Number(month.replace("-", "")), {
          month,
          format: "datev",
          documents: rows.map((row) => row.number),
        });
        return download(
          reply,
          "text/csv; charset=windows-1252",
          `EXTF_Buchungsstapel_${month}.csv`,
          datevBuchungsstapel(rows, await datev(db), month),
        );
      },
    );
  };

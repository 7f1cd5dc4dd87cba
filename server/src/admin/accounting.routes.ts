import type { Readable } from "node:stream";
import { AccountingParamsSchema, type DatevSettings, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
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
    type MonthRows = Awaited<ReturnType<typeof findMonthDocuments>>;
    /** The three files of a month, each one route: read the month's documents, make the file, audit, send. */
    const files: {
      file: string;
      summary: string;
      format: string;
      type: string;
      name: (month: string) => string;
      body: (
        rows: MonthRows,
        month: string,
        log: FastifyBaseLogger,
      ) => Promise<Buffer | string> | Buffer | string | Readable;
    }[] = [
      {
        file: "documents.csv",
        summary: "A month's invoices and credit notes as CSV for the tax adviser",
        format: "csv",
        type: "text/csv; charset=utf-8",
        name: (month) => `belege-${month}.csv`,
        body: (rows) => accountingCsv(rows, seller),
      },
      {
        file: "documents.zip",
        summary: "A month's invoices and credit notes as PDFs in one ZIP, with the CSV",
        format: "zip",
        type: "application/zip",
        name: (month) => `belege-${month}.zip`,
        body: (rows, month, log) =>
          accountingZip(rows, seller, month, (number, err) =>
            log.error({ err, document: number }, "a document of the month's ZIP could not be drawn"),
          ),
      },
      {
        file: "datev.csv",
        summary: "A month's invoices and credit notes as a DATEV Buchungsstapel (EXTF, Windows-1252)",
        format: "datev",
        type: "text/csv; charset=windows-1252",
        name: (month) => `EXTF_Buchungsstapel_${month}.csv`,
        body: async (rows, month) => datevBuchungsstapel(rows, await datev(db), month),
      },
    ];

    for (const file of files) {
      app.get(
        `/api/v2/admin/accounting/:month/${file.file}`,
        {
          schema: {
            ...base(file.summary),
            params: AccountingParamsSchema,
            querystring: LocaleQuerySchema,
            response: { ...errors },
          },
        },
        async (request, reply) => {
          const { month } = request.params;
          const rows = await findMonthDocuments(db, month);
          // The file first: one that cannot be made (DATEV settings incomplete) leaves no "exported" entry.
          const body = await file.body(rows, month, request.log);
          await auditExport(currentUser(request), "accounting", Number(month.replace("-", "")), {
            month,
            format: file.format,
            documents: rows.map((row) => row.number),
          });
          return download(reply, file.type, file.name(month), body);
        },
      );
    }
  };

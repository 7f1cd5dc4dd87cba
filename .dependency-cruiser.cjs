/**
 * Import rules of the code base, checked by `npm run lint` (docs/architecture.md says why).
 *
 * Server: each area (a folder of server/src, the demo seed's `seed` too) is imported by others only through
 * its entry, `<area>/index.ts`, and only from above: the tiers below go from the platform at the bottom to
 * the wiring (server/src/*.ts) at the top, and an area imports areas of lower tiers only, never one of its
 * own tier or above, so areas cannot form cycles. Tests and test support may reach into any area.
 *
 * Web: a feature (web/src/features/<feature>/) never imports another feature's files; shared code lives in
 * web/src/lib and web/src/components, which never import features or the app's composition layer
 * (web/src/app, web/src/routes), so they stay reusable by every feature.
 */
const SERVER_TIERS = [
  // platform
  ["config", "errors", "i18n", "common", "logging"],
  ["db", "oauth", "pdf"],
  // the school's own data (seller, VAT notes, addresses told of bookings), read by the areas above (D243)
  ["settings"],
  ["plugins"],
  ["mail", "spa", "monitoring", "health", "media"],
  ["payments"],
  // what the school sells, and the one seat rule the catalogue shows and checkout reserves by
  ["seats"],
  ["catalogue"],
  ["content", "contact", "accounts"],
  // the existing client's Wagtail reads (D93) are made from the catalogue and content pages
  ["visitors", "seo", "wagtail"],
  // order core: gift card balances are a means of paying an order, so they sit beneath it
  ["gift-cards"],
  ["orders"],
  ["checkout"],
  // after the sale
  ["invoices", "subscriptions", "visit-requests"],
  // lessons over a season (issue 35, D365): absences, makeups, cancelled lessons, reminders; the roster and
  // check-in above read which lessons take place and who comes
  ["lessons"],
  // check-in reads a meeting card's period as its invoice names it (D108)
  ["waiting-list", "withdrawals", "checkin"],
  ["history", "mailer"],
  // a family's own data as one file (D560), read from the areas beneath it; the back office offers it too
  ["privacy"],
  // the instructor's phone (issue 35, D380): their lessons and rosters, read through check-in's attendance
  ["instructor-desk"],
  // the back office: staff routes composing the areas beneath it (D97)
  ["admin"],
  // operations: backups, restores, the move to PostgreSQL (D301, D302) and the preflight (D303)
  ["backup", "preflight"],
  // wiring
  ["seed"],
  ["(wiring)"],
];

const TEST_FILES = "\\.test\\.ts$|test-support\\.ts$|^server/src/test/";

/** The path pattern of an area's files. */
function areaPath(area) {
  if (area === "(wiring)") return "^server/src/[^/]+\\.ts$";
  return `^server/src/${area}/`;
}

/** The entry of an area, the one file others may import. */
function areaEntry(area) {
  return `^server/src/${area}/index\\.ts$`;
}

const serverAreas = SERVER_TIERS.flat();

const serverRules = serverAreas.flatMap((area) => {
  const tier = SERVER_TIERS.findIndex((t) => t.includes(area));
  const notBelow = SERVER_TIERS.slice(tier)
    .flat()
    .filter((other) => other !== area);
  const others = serverAreas.filter((other) => other !== area && other !== "(wiring)");
  return [
    {
      name: `server-entry-only:${area}`,
      comment: `${area} imports another area's internal file: import that area's index.ts (its entry).`,
      severity: "error",
      from: { path: areaPath(area), pathNot: TEST_FILES },
      to: { path: others.map(areaPath), pathNot: others.map(areaEntry) },
    },
    ...(notBelow.length === 0
      ? []
      : [
          {
            name: `server-direction:${area}`,
            comment: `${area} imports an area of its own tier or above: the tiers in .dependency-cruiser.cjs go one way; hand a callback down instead.`,
            severity: "error",
            from: { path: areaPath(area), pathNot: TEST_FILES },
            to: { path: notBelow.map(areaPath) },
          },
        ]),
  ];
});

/** Folders of server/src that are no area but may be imported by any (test support). */
const SERVER_FREE_FOLDERS = ["test"];
const listedFolders = [...serverAreas.filter((area) => area !== "(wiring)"), ...SERVER_FREE_FOLDERS];
/** A file in a folder of server/src that the tiers do not name: it would get no rule at all. */
const UNLISTED_SERVER_FOLDER = `^server/src/(?!(${listedFolders.join("|")})/)[^/]+/`;

module.exports = {
  forbidden: [
    ...serverRules,
    {
      name: "server-unlisted-folder",
      comment:
        "A folder of server/src that SERVER_TIERS in .dependency-cruiser.cjs does not list: add it to the tier where it belongs, so its imports are checked.",
      severity: "error",
      from: { path: UNLISTED_SERVER_FOLDER },
      to: {},
    },
    {
      name: "server-unlisted-folder",
      comment:
        "An import of a folder of server/src that SERVER_TIERS in .dependency-cruiser.cjs does not list: add it to the tier where it belongs.",
      severity: "error",
      from: { path: "^server/src/" },
      to: { path: UNLISTED_SERVER_FOLDER },
    },
    {
      name: "no-cycles",
      comment:
        "A cycle of imports: modules that need each other cannot be understood, tested or loaded one by one. Move what both need into a third module.",
      severity: "error",
      from: { path: "^(server|web)/src/" },
      // A dynamic import (a chunk loaded on demand) or a type-only import is no cycle at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only", "dynamic-import"] } },
    },
    {
      name: "web-admin-to-storefront",
      comment:
        "The back office (web/src/admin) is its own application: it never imports the storefront's features, routes or app; share through web/src/lib or web/src/components.",
      severity: "error",
      from: { path: "^web/src/admin/" },
      to: { path: "^web/src/(features|app|routes)/" },
    },
    {
      name: "web-storefront-to-admin",
      comment:
        "The storefront never imports the back office (web/src/admin): it would load staff code into every shop page.",
      severity: "error",
      from: { path: "^web/src/(?!admin/)" },
      to: { path: "^web/src/admin/" },
    },
    {
      name: "web-feature-to-feature",
      comment:
        "A web feature imports another feature's files: share it through web/src/lib or web/src/components.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/([^/]+)/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "web-shared-to-feature",
      comment:
        "web/src/lib and web/src/components are shared by every feature and never import one (or the app).",
      severity: "error",
      from: { path: "^web/src/(lib|components)/" },
      to: { path: "^web/src/(features|app|routes)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|dist-ssr)/|routeTree\\.gen\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
  },
};

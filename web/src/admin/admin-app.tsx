import { Admin, CustomRoutes, Resource } from "react-admin";
import { BrowserRouter, Route } from "react-router-dom";
import academySeasons from "./academy-seasons/index.ts";
import academyWeeks from "./academy-weeks/index.ts";
import audit from "./audit/index.ts";
import categories from "./categories/index.ts";
import closures from "./closures/index.ts";
import contactRequests from "./contact-requests/index.ts";
import contentPages from "./content-pages/index.ts";
import giftCards from "./gift-cards/index.ts";
import { adminI18n } from "./i18n/i18n-provider.ts";
import instructorReports from "./instructor-reports/index.ts";
import instructors from "./instructors/index.ts";
import { AdminLayout } from "./layout/admin-layout.tsx";
import { RefusalPage } from "./layout/refusal-page.tsx";
import { SignInPage } from "./layout/sign-in-page.tsx";
import lessonCancellations from "./lesson-cancellations/index.ts";
import locations from "./locations/index.ts";
import mails from "./mails/index.ts";
import orders from "./orders/index.ts";
import { Dashboard } from "./pages/dashboard.tsx";
import {
  AccountingPage,
  AccountPage,
  AttendancePage,
  DoorPage,
  ReminderSwitchesPage,
  SchoolSettingsPage,
} from "./pages/index.ts";
import partyRequests from "./party-requests/index.ts";
import people from "./people/index.ts";
import products from "./products/index.ts";
import promocodes from "./promocodes/index.ts";
import type { AdminPermissions } from "./providers/auth-provider.ts";
import { authProvider } from "./providers/auth-provider.ts";
import { dataProvider } from "./providers/data-provider.ts";
import purchaseOptions from "./purchase-options/index.ts";
import redirects from "./redirects/index.ts";
import slots from "./slots/index.ts";
import staffOrders from "./staff-orders/index.ts";
import visitRequests from "./visit-requests/index.ts";
import waitingList from "./waiting-list/index.ts";

/**
 * Each record resource is a folder with an `index.ts` of its screens, each loaded when first opened (D186);
 * screens that are no record lists are custom routes (`pages/`), listed in the menu (`layout/admin-menu.tsx`).
 * The layout is D403's.
 */

/** The screens of their own, at the paths they always had; the school's settings are the admin's only. */
function pageRoutes(permissions: AdminPermissions) {
  return (
    <CustomRoutes>
      <Route path="/account" element={<AccountPage />} />
      <Route path="/attendance" element={<AttendancePage />} />
      <Route path="/accounting" element={<AccountingPage />} />
      <Route path="/door" element={<DoorPage />} />
      <Route path="/lesson-reminders" element={<ReminderSwitchesPage />} />
      {permissions === "admin" ? <Route path="/school-settings" element={<SchoolSettingsPage />} /> : null}
    </CustomRoutes>
  );
}

/**
 * The back office at /admin (D102): its own entry, so no storefront page loads react-admin or MUI. A
 * customer signed in here gets the refusal page on every path, never an empty shell.
 */
export function AdminApp() {
  // Real paths under /admin (the server answers all of them with this page), not a hash router's.
  // Without transitions (D185): react-admin's sign-out redirect (`LogoutOnMount`) navigates and clears its
  // query cache in one go; as a transition the navigation kept losing to the cache's urgent re-render, so
  // a signed-out /admin pushed /admin/login thousands of times (10–20 s) before the sign-in form stayed.
  return (
    <BrowserRouter basename="/admin" useTransitions={false}>
      <Admin
        title="Atelier"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={adminI18n}
        dashboard={Dashboard}
        layout={AdminLayout}
        loginPage={SignInPage}
        requireAuth
        disableTelemetry
      >
        {(permissions: AdminPermissions | null) =>
          permissions === "customer" ? (
            <CustomRoutes noLayout>
              <Route path="*" element={<RefusalPage />} />
            </CustomRoutes>
          ) : (
            <>
              {pageRoutes(permissions ?? "staff")}
              <Resource name="lesson-cancellations" {...lessonCancellations} />
              <Resource name="lesson-credits" />
              <Resource name="products" {...products} />
              <Resource name="slots" {...slots} />
              <Resource name="closures" {...closures} />
              <Resource name="orders" {...orders} />
              <Resource name="staff-orders" {...staffOrders} options={{ label: "admin.staff_orders.menu" }} />
              <Resource name="waiting-list" {...waitingList} />
              <Resource name="content-pages" {...contentPages} />
              <Resource name="promocodes" {...promocodes} />
              <Resource name="promocode-uses" />
              <Resource name="gift-cards" {...giftCards} />
              <Resource name="gift-card-ledger" />
              <Resource name="visit-requests" {...visitRequests} />
              <Resource name="contact-requests" {...contactRequests} />
              <Resource name="party-requests" {...partyRequests} />
              <Resource name="mails" {...mails} />
              <Resource name="instructor-reports" {...instructorReports} />
              <Resource name="people" {...people} />
              <Resource name="purchase-options" {...purchaseOptions} />
              <Resource name="academy-seasons" {...academySeasons} />
              <Resource name="academy-weeks" {...academyWeeks} />
              <Resource name="instructors" {...instructors} />
              <Resource name="categories" {...categories} />
              <Resource name="locations" {...locations} />
              <Resource name="redirects" {...redirects} />
              {permissions === "admin" ? <Resource name="audit" {...audit} /> : null}
            </>
          )
        }
      </Admin>
    </BrowserRouter>
  );
}

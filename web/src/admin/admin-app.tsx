import { type ComponentType, lazy } from "react";
import { Admin, CustomRoutes, Resource } from "react-admin";
import { BrowserRouter, Route } from "react-router-dom";
import { AdminLayout } from "./admin-layout.tsx";
import type { AdminPermissions } from "./auth-provider.ts";
import { authProvider } from "./auth-provider.ts";
import { Dashboard } from "./dashboard.tsx";
import { dataProvider } from "./data-provider.ts";
import { adminI18n } from "./i18n.ts";
import { RefusalPage } from "./refusal-page.tsx";

/**
 * A screen loaded when it is first opened (D186): the sign-in form and the dashboard need none of the
 * lists and forms, so their code is fetched on the way to a screen, not before the sign-in form.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const academy = () => import("./academy.tsx");
const content = () => import("./content.tsx");
const requests = () => import("./requests.tsx");
const staffOrders = () => import("./staff-orders.tsx");
const products = () => import("./products.tsx");
const slots = () => import("./slots.tsx");
const closures = () => import("./closures.tsx");
const orders = () => import("./orders.tsx");
const people = () => import("./people.tsx");
const purchaseOptions = () => import("./purchase-options.tsx");
const instructors = () => import("./instructors.tsx");
const categories = () => import("./categories.tsx");
const locations = () => import("./locations.tsx");
const redirects = () => import("./redirects.tsx");
const instructorReports = () => import("./instructor-reports.tsx");
const lessons = () => import("./lessons.tsx");

const SchoolSettingsPage = screen(() => import("./school-settings.tsx"), "SchoolSettingsPage");
const AccountPage = screen(() => import("./account.tsx"), "AccountPage");
const AttendancePage = screen(() => import("./attendance.tsx"), "AttendancePage");
const AccountingPage = screen(() => import("./accounting.tsx"), "AccountingPage");
const DoorPage = screen(() => import("./door.tsx"), "DoorPage");
const AuditList = screen(() => import("./audit.tsx"), "AuditList");
const WaitingList = screen(() => import("./waiting-list.tsx"), "WaitingList");
const ProductList = screen(products, "ProductList");
const ProductEdit = screen(products, "ProductEdit");
const ProductCreate = screen(products, "ProductCreate");
const SlotList = screen(slots, "SlotList");
const SlotEdit = screen(slots, "SlotEdit");
const SlotCreate = screen(slots, "SlotCreate");
const ClosureList = screen(closures, "ClosureList");
const ClosureEdit = screen(closures, "ClosureEdit");
const ClosureCreate = screen(closures, "ClosureCreate");
const OrderList = screen(orders, "OrderList");
const OrderShow = screen(orders, "OrderShow");
const StaffOrderCreate = screen(staffOrders, "StaffOrderCreate");
const PartyRequestList = screen(staffOrders, "PartyRequestList");
const PartyRequestEdit = screen(staffOrders, "PartyRequestEdit");
const ContentPageList = screen(content, "ContentPageList");
const ContentPageEdit = screen(content, "ContentPageEdit");
const ContentPageCreate = screen(content, "ContentPageCreate");
const PromocodeList = screen(content, "PromocodeList");
const PromocodeEdit = screen(content, "PromocodeEdit");
const PromocodeCreate = screen(content, "PromocodeCreate");
const GiftCardList = screen(content, "GiftCardList");
const GiftCardEdit = screen(content, "GiftCardEdit");
const GiftCardCreate = screen(content, "GiftCardCreate");
const VisitRequestList = screen(requests, "VisitRequestList");
const VisitRequestEdit = screen(requests, "VisitRequestEdit");
const ContactRequestList = screen(requests, "ContactRequestList");
const ContactRequestEdit = screen(requests, "ContactRequestEdit");
const PersonList = screen(people, "PersonList");
const PersonShow = screen(people, "PersonShow");
const PurchaseOptionList = screen(purchaseOptions, "PurchaseOptionList");
const PurchaseOptionEdit = screen(purchaseOptions, "PurchaseOptionEdit");
const PurchaseOptionCreate = screen(purchaseOptions, "PurchaseOptionCreate");
const SeasonList = screen(academy, "SeasonList");
const SeasonEdit = screen(academy, "SeasonEdit");
const SeasonCreate = screen(academy, "SeasonCreate");
const WeekList = screen(academy, "WeekList");
const WeekEdit = screen(academy, "WeekEdit");
const WeekCreate = screen(academy, "WeekCreate");
const InstructorList = screen(instructors, "InstructorList");
const InstructorEdit = screen(instructors, "InstructorEdit");
const InstructorCreate = screen(instructors, "InstructorCreate");
const CategoryList = screen(categories, "CategoryList");
const CategoryEdit = screen(categories, "CategoryEdit");
const CategoryCreate = screen(categories, "CategoryCreate");
const LocationList = screen(locations, "LocationList");
const LocationEdit = screen(locations, "LocationEdit");
const LocationCreate = screen(locations, "LocationCreate");
const RedirectList = screen(redirects, "RedirectList");
const CancellationList = screen(lessons, "CancellationList");
const CancellationCreate = screen(lessons, "CancellationCreate");
const ReminderSwitchesPage = screen(lessons, "ReminderSwitchesPage");
const InstructorReportList = screen(instructorReports, "InstructorReportList");
const RedirectEdit = screen(redirects, "RedirectEdit");
const RedirectCreate = screen(redirects, "RedirectCreate");

/**
 * Lessons over a season (issue 35): cancelled lessons and the reminders' switches next to attendance and
 * the door, where staff look for the day's lessons; a family's credits are read on the person's page.
 */
const LESSON_RESOURCES = (
  <>
    <Resource name="lesson-cancellations" list={CancellationList} create={CancellationCreate} />
    <Resource
      name="lesson-reminders"
      list={ReminderSwitchesPage}
      options={{ label: "admin.lessons.reminders.menu" }}
    />
    <Resource name="lesson-credits" />
  </>
);

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
              <CustomRoutes>
                <Route path="/account" element={<AccountPage />} />
              </CustomRoutes>
              <Resource
                name="attendance"
                list={AttendancePage}
                options={{ label: "attendance.menu.attendance" }}
              />
              <Resource
                name="accounting"
                list={AccountingPage}
                options={{ label: "attendance.menu.accounting" }}
              />
              <Resource name="door" list={DoorPage} options={{ label: "attendance.menu.door" }} />
              {LESSON_RESOURCES}
              <Resource name="products" list={ProductList} edit={ProductEdit} create={ProductCreate} />
              <Resource name="slots" list={SlotList} edit={SlotEdit} create={SlotCreate} />
              <Resource name="closures" list={ClosureList} edit={ClosureEdit} create={ClosureCreate} />
              <Resource name="orders" list={OrderList} show={OrderShow} />
              <Resource
                name="staff-orders"
                list={StaffOrderCreate}
                create={StaffOrderCreate}
                options={{ label: "admin.staff_orders.menu" }}
              />
              <Resource name="waiting-list" list={WaitingList} />
              <Resource
                name="content-pages"
                list={ContentPageList}
                edit={ContentPageEdit}
                create={ContentPageCreate}
              />
              <Resource
                name="promocodes"
                list={PromocodeList}
                edit={PromocodeEdit}
                create={PromocodeCreate}
              />
              <Resource name="promocode-uses" />
              <Resource name="gift-cards" list={GiftCardList} edit={GiftCardEdit} create={GiftCardCreate} />
              <Resource name="gift-card-ledger" />
              <Resource name="visit-requests" list={VisitRequestList} edit={VisitRequestEdit} />
              <Resource name="contact-requests" list={ContactRequestList} edit={ContactRequestEdit} />
              <Resource name="party-requests" list={PartyRequestList} edit={PartyRequestEdit} />
              <Resource name="instructor-reports" list={InstructorReportList} />
              <Resource name="people" list={PersonList} show={PersonShow} />
              <Resource
                name="purchase-options"
                list={PurchaseOptionList}
                edit={PurchaseOptionEdit}
                create={PurchaseOptionCreate}
              />
              <Resource name="academy-seasons" list={SeasonList} edit={SeasonEdit} create={SeasonCreate} />
              <Resource name="academy-weeks" list={WeekList} edit={WeekEdit} create={WeekCreate} />
              <Resource
                name="instructors"
                list={InstructorList}
                edit={InstructorEdit}
                create={InstructorCreate}
                recordRepresentation="label"
              />
              <Resource
                name="categories"
                list={CategoryList}
                edit={CategoryEdit}
                create={CategoryCreate}
                recordRepresentation="label"
              />
              <Resource
                name="locations"
                list={LocationList}
                edit={LocationEdit}
                create={LocationCreate}
                recordRepresentation="label"
              />
              <Resource name="redirects" list={RedirectList} edit={RedirectEdit} create={RedirectCreate} />
              {permissions === "admin" ? <Resource name="audit" list={AuditList} /> : null}
              {permissions === "admin" ? (
                <Resource
                  name="school-settings"
                  list={SchoolSettingsPage}
                  options={{ label: "admin.settings.menu" }}
                />
              ) : null}
            </>
          )
        }
      </Admin>
    </BrowserRouter>
  );
}

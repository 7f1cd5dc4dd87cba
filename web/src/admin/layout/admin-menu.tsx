import { createSvgIcon } from "@mui/material";
import { Menu, usePermissions } from "react-admin";
import type { AdminPermissions } from "../providers/auth-provider.ts";

/** react-admin's default icon of a menu entry (ViewList), so the screens of their own look like the lists. */
const ListIcon = createSvgIcon(
  <path d="M3 14h4v-4H3zm0 5h4v-4H3zM3 9h4V5H3zm5 5h13v-4H8zm0 5h13v-4H8zM8 5v4h13V5z" />,
  "ViewList",
);

/** A screen of its own (a custom route, D403): its path and the translation key of its menu entry. */
function PageItem({ to, label }: { to: string; label: string }) {
  return <Menu.Item to={to} primaryText={label} leftIcon={<ListIcon />} state={{ _scrollToTop: true }} />;
}

/** Record resources by their registered name; a resource not registered for this role shows no entry. */
const resources = (...names: string[]) => names.map((name) => <Menu.ResourceItem key={name} name={name} />);

/**
 * The back office's menu in the order staff know it (D403): the day's screens first (attendance, accounting,
 * the door, lessons), then what the school sells, orders and requests, people, the catalogue's parts, and the
 * admin's own entries. Screens of their own are custom routes; their entries are listed here.
 */
export function AdminMenu() {
  const { permissions } = usePermissions<AdminPermissions>();
  return (
    <Menu>
      <Menu.DashboardItem />
      <PageItem to="/attendance" label="attendance.menu.attendance" />
      <PageItem to="/accounting" label="attendance.menu.accounting" />
      <PageItem to="/door" label="attendance.menu.door" />
      {resources("lesson-cancellations")}
      <PageItem to="/lesson-reminders" label="admin.lessons.reminders.menu" />
      {resources("products", "slots", "closures", "orders", "staff-orders", "waiting-list")}
      {resources("content-pages", "promocodes", "gift-cards")}
      {resources(
        "visit-requests",
        "contact-requests",
        "party-requests",
        "mails",
        "instructor-reports",
        "people",
      )}
      {resources("purchase-options", "academy-seasons", "academy-weeks", "instructors", "categories")}
      {resources("locations", "redirects", "audit")}
      {permissions === "admin" ? <PageItem to="/school-settings" label="admin.settings.menu" /> : null}
    </Menu>
  );
}

import { lazyScreen } from "../shared/lazy-screen.ts";

/**
 * The back office's own screens that are no record lists (D403): registered as react-admin's custom routes
 * at the paths they always had, with their entries in the menu (`layout/admin-menu.tsx`).
 */
export const AccountPage = lazyScreen(() => import("./account.tsx"), "AccountPage");
export const AttendancePage = lazyScreen(() => import("./attendance.tsx"), "AttendancePage");
export const AccountingPage = lazyScreen(() => import("./accounting.tsx"), "AccountingPage");
export const DoorPage = lazyScreen(() => import("./door.tsx"), "DoorPage");
export const ReminderSwitchesPage = lazyScreen(
  () => import("./reminder-switches.tsx"),
  "ReminderSwitchesPage",
);
export const SchoolSettingsPage = lazyScreen(() => import("./school-settings.tsx"), "SchoolSettingsPage");

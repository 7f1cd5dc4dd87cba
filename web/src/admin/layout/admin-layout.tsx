import { MenuItem } from "@mui/material";
import { forwardRef } from "react";
import { AppBar, Layout, type LayoutProps, Logout, UserMenu, useTranslate, useUserMenu } from "react-admin";
import { Link } from "react-router-dom";
import { AdminMenu } from "./admin-menu.tsx";

/** react-admin's layout with "Mein Konto" (D242) in the user menu, above "Abmelden". */

const AccountMenuItem = forwardRef<HTMLAnchorElement>(function AccountMenuItem(props, ref) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem {...props} ref={ref} component={Link} to="/account" onClick={() => menu?.onClose()}>
      {translate("admin.account.menu")}
    </MenuItem>
  );
});

function AdminAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <AccountMenuItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}

/**
 * The layout keeps to the screen's width (D616): react-admin's root is as wide as its content
 * (`min-width: fit-content`) and its content column, a flex item, grows to its widest table. At 1,024 px an
 * order's tables and the offers list pushed the whole page sideways, buttons cut off at the edge. A list's
 * table scrolls in its own box instead, as an order's sections already do.
 */
const FIT_THE_SCREEN = {
  minWidth: 0,
  "& .RaLayout-content": { minWidth: 0 },
  "& .RaList-main, & .RaList-main > *": { minWidth: 0 },
  "& .RaDatagrid-tableWrapper": { overflowX: "auto" },
} as const;

/** react-admin's layout with "Mein Konto" in the user menu and the menu of `admin-menu.tsx`. */
export function AdminLayout(props: LayoutProps) {
  return <Layout {...props} appBar={AdminAppBar} menu={AdminMenu} sx={FIT_THE_SCREEN} />;
}

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

/** react-admin's layout with "Mein Konto" in the user menu and the menu of `admin-menu.tsx`. */
export function AdminLayout(props: LayoutProps) {
  return <Layout {...props} appBar={AdminAppBar} menu={AdminMenu} />;
}

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../i18n.ts";

export type ProfileMenuUser = {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
};

const itemClass =
  "block cursor-pointer rounded-lg px-3 py-2 font-semibold text-slate-900 outline-none data-[highlighted]:bg-orange-50 data-[highlighted]:text-orange-900";

/**
 * Spec §2 profile menu: name (placeholders if missing), e-mail, links to profile, children, workshops
 * and history (hidden when already on /profile) and an exit button that logs out.
 */
export function ProfileMenu({
  user,
  onLogout,
  triggerClassName,
  triggerIcon,
}: {
  user: ProfileMenuUser;
  onLogout: () => void;
  triggerClassName: string;
  triggerIcon: ReactNode;
}) {
  const { t } = useTranslation("account");
  const onProfile = useLocation({ select: (location) => location.pathname === "/profile" });
  return (
    // Not modal: a modal menu sets aria-hidden on #root while the focus may still be in it (axe
    // aria-hidden-focus); a plain menu still closes on Escape and outside clicks and returns the focus.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={triggerClassName}
        data-testid="profile-button"
        aria-label={t("menu.open")}
      >
        {triggerIcon}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          data-testid="profile-menu"
          className="z-50 w-64 rounded-2xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block font-bold" data-testid="profile-menu-name">
              {user.first_name || t("menu.firstNamePlaceholder")}{" "}
              {user.last_name || t("menu.lastNamePlaceholder")}
            </span>
            <span className="block truncate text-sm text-slate-700">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {onProfile ? null : (
            <>
              <DropdownMenu.Item asChild>
                <Link to="/profile" className={itemClass}>
                  {t("menu.profile")}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild>
                <Link to="/profile" search={{ tab: "visitors" }} className={itemClass}>
                  {t("menu.children")}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild>
                <Link to="/profile" search={{ tab: "workshops" }} className={itemClass}>
                  {t("menu.workshops")}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild>
                <Link to="/profile" search={{ tab: "sales" }} className={itemClass}>
                  {t("menu.history")}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            </>
          )}
          <DropdownMenu.Item className={itemClass} onSelect={onLogout} data-testid="logout">
            {t("menu.logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

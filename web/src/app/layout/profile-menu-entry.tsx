import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ProfileMenu } from "../../features/account/components/profile-menu.tsx";
import { logout } from "../../features/auth/sign-in-flow.ts";
import type { StoredUser } from "../../lib/session.ts";

/** The header's profile menu with the logout of spec §4: server logout, storage cleared, cache reset, `/`. */
export function ProfileMenuEntry({
  user,
  triggerClassName,
  triggerIcon,
}: {
  user: StoredUser;
  triggerClassName: string;
  triggerIcon: ReactNode;
}) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const onLogout = async () => {
    await logout();
    queryClient.clear();
    await router.navigate({ to: "/" });
  };
  return (
    <ProfileMenu
      user={user}
      onLogout={() => void onLogout()}
      triggerClassName={triggerClassName}
      triggerIcon={triggerIcon}
    />
  );
}

import { PAGE_TITLES } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useCanGoBack, useLocation, useRouter } from "@tanstack/react-router";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "../../components/ui/container.tsx";
import { LogoMark } from "../../components/ui/logo.tsx";
import { openAuthDialog, useAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import { useDialogUrlLaunch } from "../../features/auth/use-dialog-url-launch.ts";
import { useEmailChangeLink } from "../../features/auth/use-email-change-link.ts";
import { useVerifyLink } from "../../features/auth/use-verify-link.ts";
import {
  cartBadgeCount,
  currentOrderQueryOptions,
  hasGuestCart,
} from "../../features/cart/api/current-order.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { type Session, useSession } from "../../lib/session.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { navLinks } from "./nav-links.ts";

// Sign-in dialog and profile menu (forms, zod, Radix) load on demand; the header keeps only their buttons.
const AuthDialog = lazy(() =>
  import("./auth-dialog-entry.tsx").then((m) => ({ default: m.AuthDialogEntry })),
);
const ProfileMenu = lazy(() =>
  import("./profile-menu-entry.tsx").then((m) => ({ default: m.ProfileMenuEntry })),
);

const iconButton =
  "inline-flex size-10 items-center justify-center rounded-full text-slate-900 hover:bg-slate-100";

/** `holdDialogs`: the cookie modal is open, so the sign-in dialog must not open over it yet. */
export function Header({ holdDialogs = false }: { holdDialogs?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const nav = useRef<HTMLElement>(null);
  const links = useRef<HTMLUListElement>(null);
  const shown = useItemsThatFit(nav, links, locale);
  return (
    <header className="border-b border-slate-200 bg-white">
      <Container className="flex h-16 items-center gap-2 sm:gap-3 lg:gap-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-lg text-xl font-extrabold text-slate-900"
        >
          <LogoMark />
          <span className="max-sm:sr-only">Atelier</span>
          <span className="sr-only"> – {t("logoHome")}</span>
        </Link>
        {/* The sections take the room the header has left, on one line; the ones that do not fit (German at
            1024–1366 px, a guest's "Anmelden" beside them) step aside for the menu button, which lists them
            all, rather than push the page sideways or clip the menu button (issue 24). */}
        <nav ref={nav} aria-label={t("mainNav")} className="hidden min-w-0 flex-1 overflow-hidden lg:block">
          <ul ref={links} className="flex items-center gap-1">
            {navLinks(locale).map((link, index) => (
              <li key={link.key} className={`shrink-0 ${index < shown ? "" : "invisible"}`}>
                <Link
                  to={link.to}
                  activeOptions={{ includeSearch: false }}
                  className="rounded-full px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-orange-50 aria-[current=page]:text-orange-900"
                >
                  {PAGE_TITLES[link.key][locale]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <CartLink session={session} />
          <AccountButton session={session} holdDialog={holdDialogs} />
          <MenuButton />
        </div>
      </Container>
    </header>
  );
}

/**
 * How many of `list`'s items fit whole inside `box`, measured again whenever either changes size (a
 * resize, the other language). All of them until measured, as the server renders the page.
 */
function useItemsThatFit(
  box: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
  // The items' words change with the language while the boxes may keep their size: measure again then.
  locale: string,
) {
  const [count, setCount] = useState(Number.POSITIVE_INFINITY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale is why it runs again
  useEffect(() => {
    const outer = box.current;
    const items = list.current;
    if (!outer || !items || typeof ResizeObserver === "undefined") return;
    const check = () => {
      const right = outer.getBoundingClientRect().right + 0.5;
      const first = Array.from(items.children).findIndex(
        (item) => item.getBoundingClientRect().right > right,
      );
      setCount(first === -1 ? items.children.length : first);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(outer);
    observer.observe(items);
    return () => observer.disconnect();
  }, [box, list, locale]);
  return count;
}

/** Spec §2: the profile menu (logged in) or the sign-in button that opens the sign-in dialog (guest). */
function AccountButton({ session, holdDialog }: { session: Session | null; holdDialog: boolean }) {
  const { t } = useTranslation();
  const dialog = useAuthDialog();
  // Usable once the app has taken over a server-rendered page (D86): an earlier press would be lost.
  const hydrated = useHydrated();
  // Mounted from the first opening on (and kept, so closing can animate and reset).
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (dialog.open && !dialogLoaded) setDialogLoaded(true);
  useDialogUrlLaunch();
  useVerifyLink();
  useEmailChangeLink();
  const fallbackProfileButton = (
    <button type="button" className={iconButton} aria-label={t("profile")} disabled>
      <PersonIcon />
    </button>
  );
  return (
    <>
      {session ? (
        <Suspense fallback={fallbackProfileButton}>
          <ProfileMenu user={session.user} triggerClassName={iconButton} triggerIcon={<PersonIcon />} />
        </Suspense>
      ) : (
        <button
          type="button"
          data-testid="sign-in-button"
          disabled={!hydrated}
          onClick={() => openAuthDialog()}
          className="inline-flex items-center justify-center rounded-full text-sm font-bold whitespace-nowrap text-slate-900 hover:bg-slate-100 max-sm:size-10 sm:border-2 sm:border-slate-900 sm:px-3 sm:py-1.5"
        >
          {/* On a phone the word does not fit beside the language links at 320 px: the icon, named the same. */}
          <span className="sm:hidden">
            <PersonIcon />
          </span>
          <span className="max-sm:sr-only">{t("signIn")}</span>
        </button>
      )}
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <AuthDialog held={holdDialog} />
        </Suspense>
      ) : null}
    </>
  );
}

function CartLink({ session }: { session: Session | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const data = useQuery({
    ...currentOrderQueryOptions(session ? String(session.user.pk) : null),
    // Spec §2 shows the badge to signed-in users; a guest who already has a cart sees its count too (D314).
    enabled: session !== null || (hydrated && hasGuestCart()),
  }).data;
  const count = cartBadgeCount(data);
  const showBadge = count !== null;
  return (
    <Link
      to="/cart"
      data-testid="cart-link"
      className={`relative ${iconButton}`}
      activeOptions={{ includeSearch: false }}
    >
      <CartIcon />
      <span className="sr-only">{showBadge ? t("cartWithCount", { count }) : t("cart")}</span>
      {showBadge ? (
        <span
          data-testid="cart-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-orange-800 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/** Opens /menu; on /menu it closes it again (history back, or home without history). */
function MenuButton() {
  const { t } = useTranslation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const onMenu = useLocation({ select: (location) => location.pathname === "/menu" });
  if (onMenu) {
    return (
      <button
        type="button"
        data-testid="menu-button"
        className={iconButton}
        aria-label={t("menuClose")}
        onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: "/" }))}
      >
        <CloseIcon />
      </button>
    );
  }
  return (
    <Link to="/menu" data-testid="menu-button" className={iconButton} aria-label={t("menuOpen")}>
      <MenuIcon />
    </Link>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2" aria-hidden="true">
      <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2" aria-hidden="true">
      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2" aria-hidden="true">
      <path d="M3 4h2l2.4 11h10.2L20 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="9.5" cy="19" r="1.5" />
      <circle cx="16.5" cy="19" r="1.5" />
    </svg>
  );
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

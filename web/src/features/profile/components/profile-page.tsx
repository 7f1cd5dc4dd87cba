import { PAGE_TITLES, PROFILE_TAB_TITLES } from "@atelier/contract";
import * as Tabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { type PaymentOutcome, PROFILE_TABS, type ProfileTab } from "../profile-tabs.ts";

// The tabs' names come from the contract: the mails point parents to them by the same words.
const TAB_BODIES = {
  visitors: "visitorsPlaceholder",
  workshops: "workshopsPlaceholder",
  sales: "salesPlaceholder",
} as const satisfies Record<ProfileTab, string>;

export function ProfilePage({
  tab,
  payment,
  onTabChange,
  account,
  panels = {},
}: {
  tab: ProfileTab;
  /** How the payment the parent just came back from ended (a gateway's return address). */
  payment?: PaymentOutcome | undefined;
  onTabChange: (tab: ProfileTab) => void;
  /** The account settings (profile info, password), composed in by the route. */
  account?: ReactNode;
  /** A tab's content composed in by the route (e.g. the visitors feature); a placeholder otherwise. */
  panels?: Partial<Record<ProfileTab, ReactNode>>;
}) {
  const { t } = useTranslation("profile");
  const locale = useLocale();
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES.profile[locale]}</h1>
      {payment ? (
        <p
          role="status"
          data-testid="payment-outcome"
          className={`mt-6 rounded-md border px-4 py-3 ${payment === "success" ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-900"}`}
        >
          {t(payment === "success" ? "payment.success" : "payment.fail")}
        </p>
      ) : null}
      <Tabs.Root
        value={tab}
        onValueChange={(value) => onTabChange(value as ProfileTab)}
        activationMode="manual"
        className="mt-8"
      >
        <Tabs.List
          aria-label={t("tabsLabel")}
          className="flex flex-wrap gap-x-1 border-b border-slate-300 sm:gap-x-2"
        >
          {PROFILE_TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-4 border-transparent px-3 py-2 sm:px-4 font-semibold text-slate-800 hover:text-orange-900 data-[state=active]:border-orange-800 data-[state=active]:text-orange-900"
            >
              {PROFILE_TAB_TITLES[value][locale]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map((value) => (
          <Tabs.Content key={value} value={value} className="py-6 text-lg text-slate-800">
            {panels[value] ?? t(TAB_BODIES[value])}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {account ? <div className="mt-10 border-t border-slate-300 pt-8">{account}</div> : null}
    </Container>
  );
}

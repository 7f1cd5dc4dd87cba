import { useTranslation } from "react-i18next";
import { FAILED_NOTICES, showAccountNotice, useAccountNotice } from "../lib/account-notice.ts";
import { Container } from "./ui/container.tsx";

/** The account note of the moment (lib/account-notice.ts), above the page, until closed or signed out. */
export function AccountNoticeBar() {
  const { t } = useTranslation();
  const notice = useAccountNotice();
  const failed = notice ? FAILED_NOTICES.includes(notice.kind) : false;
  return (
    <div role="status" data-testid="account-notice">
      {notice ? (
        <Container className="pt-4">
          {/* On a phone the text takes the whole width and the button goes below it (issue 32 item 10):
              beside it, the text was squeezed into a narrow column that broke the e-mail address. */}
          <div
            className={`flex flex-col gap-1 rounded-lg border-l-4 px-3 py-2 text-sm sm:flex-row sm:items-start sm:gap-3 ${
              failed ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900"
            }`}
          >
            <p className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">
              {t(`accountNotice.${notice.kind}`, { email: notice.email })}
            </p>
            <button
              type="button"
              className="shrink-0 self-end rounded px-2 py-1 font-semibold underline underline-offset-2 sm:self-auto"
              onClick={() => showAccountNotice(null)}
            >
              {t("accountNotice.close")}
            </button>
          </div>
        </Container>
      ) : null}
    </div>
  );
}

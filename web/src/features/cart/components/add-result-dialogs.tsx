import "../i18n.ts";
import { Link } from "@tanstack/react-router";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { MessageDialog, OkMessageDialog } from "../../../components/ui/message-dialog.tsx";

/**
 * What an add-to-cart form says afterwards (the booking form and the gift card form): the failure, or
 * "added" with the way on (keep shopping, or the cart). Focus returns to the form's submit button.
 */
export function AddResultDialogs({
  failure,
  onFailureClose,
  addedText,
  onAddedClose,
  onContinueShopping,
  returnFocusTo,
}: {
  failure: string | null;
  onFailureClose: () => void;
  /** The "added" text; null while no item was just added. */
  addedText: string | null;
  onAddedClose: () => void;
  onContinueShopping: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation("cart");
  return (
    <>
      <OkMessageDialog
        open={failure !== null}
        onClose={onFailureClose}
        tone="alert"
        title={t("buy.addFailedTitle")}
        returnFocusTo={returnFocusTo}
        testId="add-failed-dialog"
        okLabel={t("buy.ok")}
      >
        <p>{failure}</p>
      </OkMessageDialog>
      <MessageDialog
        open={addedText !== null}
        onClose={onAddedClose}
        tone="info"
        title={t("buy.addedTitle")}
        returnFocusTo={returnFocusTo}
        testId="added-dialog"
        actions={
          <>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                onAddedClose();
                onContinueShopping();
              }}
            >
              {t("buy.continueShopping")}
            </button>
            <Link to="/cart" data-autofocus className={buttonStyles.primary}>
              {t("buy.goToCart")}
            </Link>
          </>
        }
      >
        <p>{addedText}</p>
      </MessageDialog>
    </>
  );
}

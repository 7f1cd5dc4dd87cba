import "../i18n.ts";
import { type ProductDetail, todayInBerlin, type Visitor, type VisitRequestKind } from "@atelier/contract";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { offeredVisitRequestKinds } from "../offered-kinds.ts";
import type { AdultPrefill } from "./visit-request-dialog.tsx";

// The form (zod schemas, react-hook-form) loads on the first click, not with the product page.
const VisitRequestDialog = lazy(async () => ({
  default: (await import("./visit-request-dialog.tsx")).VisitRequestDialog,
}));

/** The product page's request buttons (D84): the kinds this offer takes, each opening the dialog. */
export function VisitRequestButtons({
  product,
  savedChildren,
  adult,
}: {
  product: ProductDetail;
  savedChildren?: Visitor[];
  adult?: AdultPrefill;
}) {
  const { t } = useTranslation("visitRequests");
  // The last kind asked for stays mounted while closed, so Radix can hand the focus back to its button.
  const [kind, setKind] = useState<VisitRequestKind | null>(null);
  const [open, setOpen] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const opener = useRef<HTMLButtonElement | null>(null);
  const kinds = offeredVisitRequestKinds(product, todayInBerlin());
  if (kinds.length === 0) return null;
  return (
    <>
      {kinds.map((each) => (
        <button
          key={each}
          type="button"
          className={buttonStyles.secondary}
          aria-haspopup="dialog"
          onClick={(event) => {
            opener.current = event.currentTarget;
            setKind(each);
            setOpen(true);
            setOpenCount((count) => count + 1);
          }}
        >
          {t(`open.${each}`)}
        </button>
      ))}
      {kind ? (
        <Suspense fallback={null}>
          <VisitRequestDialog
            // A new form each time it opens: a sent request is not shown again.
            key={`${kind}-${openCount}`}
            kind={kind}
            product={product}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={opener}
            savedChildren={savedChildren}
            adult={adult}
          />
        </Suspense>
      ) : null}
    </>
  );
}

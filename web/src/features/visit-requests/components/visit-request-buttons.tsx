import "../i18n.ts";
import { type ProductDetail, todayInBerlin, type Visitor, type VisitRequestKind } from "@atelier/contract";
import { lazy, Suspense, useState } from "react";
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
  const [openKind, setOpenKind] = useState<VisitRequestKind | null>(null);
  const kinds = offeredVisitRequestKinds(product, todayInBerlin());
  if (kinds.length === 0) return null;
  return (
    <>
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className={buttonStyles.secondary}
          aria-haspopup="dialog"
          onClick={() => setOpenKind(kind)}
        >
          {t(`open.${kind}`)}
        </button>
      ))}
      {openKind ? (
        <Suspense fallback={null}>
          <VisitRequestDialog
            key={openKind}
            kind={openKind}
            product={product}
            open
            onOpenChange={(open) => (open ? undefined : setOpenKind(null))}
            savedChildren={savedChildren}
            adult={adult}
          />
        </Suspense>
      ) : null}
    </>
  );
}

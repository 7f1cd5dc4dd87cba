import { PAGE_TITLES } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useRouter, useRouterState } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "../../components/ui/container.tsx";
import { openAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import {
  type AddVisitorComponent,
  BookingForm,
  type JoinWaitingListComponent,
} from "../../features/cart/components/booking-form.tsx";
import { GiftCardForm } from "../../features/cart/components/gift-card-form.tsx";
import { productDetailOptions } from "../../features/catalogue/api/products.ts";
import { backToListHref } from "../../features/catalogue/back-to-list.ts";
import { LIST_PATH_OF_TYPE } from "../../features/catalogue/type-routes.ts";
import { visitorsQueryOptions } from "../../features/visitors/api/visitors-api.ts";
import { VisitorForm } from "../../features/visitors/components/visitor-form.tsx";
import { JoinWaitingList } from "../../features/waiting-list/components/join-waiting-list.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { ApiError } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.ts";

/**
 * /product/buy/{id}: wires the catalogue's product, the visitors feature (children, the "Add" step), the
 * waiting list (beside full slots) and the cart's booking form together; features do not import each other.
 */
export function BuyRoutePage({ id, child }: { id: string; child?: number | undefined }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const router = useRouter();
  const session = useSession();
  const userKey = session ? String(session.user.pk) : null;
  // Switching the language keeps the form and what is typed in it while the other language's offer loads.
  const product = useQuery({ ...productDetailOptions(locale, id), placeholderData: keepPreviousData });
  const visitors = useQuery(visitorsQueryOptions(userKey));
  // The list the offer was opened from (carried by the offer page's "Buchen"), else the type's list (issue 32 item 10).
  const fromList = useRouterState({ select: (state) => state.location.state.catalogueList });

  // One component per session state: a new component type on every render would reset the form.
  const AddVisitor = useMemo<AddVisitorComponent>(
    () =>
      ({ onSaved, onCancel }) => (
        <VisitorForm signedIn={userKey !== null} onSaved={onSaved} onCancel={onCancel} headingLevel={3} />
      ),
    [userKey],
  );
  const WaitingList = useMemo<JoinWaitingListComponent>(
    () => (props) => (
      <JoinWaitingList {...props} signedIn={userKey !== null} onSignIn={() => openAuthDialog()} />
    ),
    [userKey],
  );

  return (
    <Container className="max-w-3xl py-10 sm:py-12">
      {product.isPending ? (
        <>
          <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.productBuy[locale]}</h1>
          <p role="status" className="mt-4">
            {t("buy.loading")}
          </p>
        </>
      ) : product.isError ? (
        <>
          <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.productBuy[locale]}</h1>
          <p role="alert" className="mt-4 text-lg">
            {product.error instanceof ApiError && product.error.status === 404
              ? t("buy.notFound")
              : t("buy.loadFailed")}
          </p>
        </>
      ) : (
        <>
          <Link
            to="/product/$id"
            params={{ id: product.data.slug }}
            className="text-sm font-semibold text-orange-900 underline underline-offset-2"
          >
            {t("buy.backToProduct")}
          </Link>
          <h1 className="mt-3 mb-6 text-3xl font-extrabold text-slate-900 sm:text-4xl">
            {PAGE_TITLES.productBuy[locale]}: {product.data.name}
          </h1>
          {product.data.product_type === "GiftCard" ? (
            <GiftCardForm
              key={product.data.id}
              product={product.data}
              signedIn={userKey !== null}
              onContinueShopping={() => void router.navigate({ to: LIST_PATH_OF_TYPE.GiftCard })}
            />
          ) : (
            <BookingForm
              // A new form when the child list first arrives would lose input; key by product only.
              key={product.data.id}
              product={product.data}
              signedIn={userKey !== null}
              visitors={visitors.data}
              onRetryVisitors={visitors.isError ? () => void visitors.refetch() : undefined}
              preferredVisitor={child}
              AddVisitor={AddVisitor}
              JoinWaitingList={WaitingList}
              onContinueShopping={() =>
                void router.navigate({
                  href: backToListHref(fromList, LIST_PATH_OF_TYPE[product.data.product_type], locale),
                })
              }
            />
          )}
        </>
      )}
    </Container>
  );
}

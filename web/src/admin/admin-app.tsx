import { Admin, CustomRoutes, Resource } from "react-admin";
import { BrowserRouter, Route } from "react-router-dom";
import { AuditList } from "./audit.tsx";
import type { AdminPermissions } from "./auth-provider.ts";
import { authProvider } from "./auth-provider.ts";
import { ClosureCreate, ClosureEdit, ClosureList } from "./closures.tsx";
import { dataProvider } from "./data-provider.ts";
import { adminI18n } from "./i18n.ts";
import { ProductCreate, ProductEdit, ProductList } from "./products.tsx";
import { RefusalPage } from "./refusal-page.tsx";
import { SlotCreate, SlotEdit, SlotList } from "./slots.tsx";

/**
 * The back office at /admin (D102): its own entry, so no storefront page loads react-admin or MUI. A
 * customer signed in here gets the refusal page on every path, never an empty shell.
 */
export function AdminApp() {
  // Real paths under /admin (the server answers all of them with this page), not a hash router's.
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="Atelier"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={adminI18n}
        requireAuth
        disableTelemetry
      >
        {(permissions: AdminPermissions | null) =>
          permissions === "customer" ? (
            <CustomRoutes noLayout>
              <Route path="*" element={<RefusalPage />} />
            </CustomRoutes>
          ) : (
            <>
              <Resource name="products" list={ProductList} edit={ProductEdit} create={ProductCreate} />
              <Resource name="slots" list={SlotList} edit={SlotEdit} create={SlotCreate} />
              <Resource name="closures" list={ClosureList} edit={ClosureEdit} create={ClosureCreate} />
              <Resource name="categories" />
              <Resource name="instructors" />
              {permissions === "admin" ? <Resource name="audit" list={AuditList} /> : null}
            </>
          )
        }
      </Admin>
    </BrowserRouter>
  );
}

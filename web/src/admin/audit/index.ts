import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./audit-list.tsx");

/** The audit log, admins only (D97, D288). */
export default {
  list: lazyScreen(load, "AuditList"),
};

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./admin-app.tsx";
import { ADMIN_TOKEN_KEY } from "./providers/data-provider.ts";
import { fetchDashboardAhead } from "./shared/attendance-api.ts";

// A staff member with a session who opens the dashboard: its figures are asked for before react-admin has
// checked the session and drawn its layout (D186).
if (localStorage.getItem(ADMIN_TOKEN_KEY) && /^\/admin\/?$/.test(window.location.pathname))
  fetchDashboardAhead();

const root = document.getElementById("admin");
if (root)
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );

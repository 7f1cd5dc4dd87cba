import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./admin-app.tsx";

const root = document.getElementById("admin");
if (root)
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );

import type { Locale } from "@atelier/contract";
import { Box, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslate } from "react-admin";
import { useWatch } from "react-hook-form";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import { ADMIN_API, ADMIN_TOKEN_KEY } from "../providers/data-provider.ts";

/** What the preview sends of the form: the page's fields (the reply's read-only ones left out). */
const DRAFT_FIELDS = [
  ...["id", "slug", "product_type", "name", "summary", "body", "program", "seo_text", "length", "qna"],
  ...["age_group", "language", "category", "location", "instructors", "is_published", "is_featured"],
  ...["sort_order", "refund_days_before", "title_image", "lesson_rules"],
] as const;

async function fetchPreview(values: Record<string, unknown>, locale: Locale, signal: AbortSignal) {
  const draft = Object.fromEntries(
    DRAFT_FIELDS.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]),
  );
  if (draft.title_image && !(draft.title_image as { src?: string }).src) draft.title_image = null;
  const url = new URL(`${ADMIN_API}/products/preview/`, window.location.origin);
  url.searchParams.set("locale", locale);
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  const response = await fetch(url, {
    method: "POST",
    signal,
    headers: {
      Accept: "text/html",
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: JSON.stringify(draft),
  });
  if (!response.ok) throw new Error(String(response.status));
  return response.text();
}

/**
 * The live preview (D147): the product page as the shop renders it, from the form's values as they are, in
 * German or Russian. The server renders it with the storefront's own renderer and strips every script; the
 * frame is sandboxed (no scripts), so no storefront code runs in the back office. Re-drawn a moment after
 * the last change.
 */
export function ProductPreviewPanel() {
  const translate = useTranslate();
  const values = useWatch() as Record<string, unknown>;
  const [locale, setLocale] = useState<Locale>(currentAdminLocale());
  const [html, setHtml] = useState<string>();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const key = JSON.stringify(values);

  useEffect(() => {
    // A draft without what every page needs is not sent: the server would refuse it (a 400 on every key
    // stroke of a new page); the panel waits until the general fields and the German title are there.
    const draft = JSON.parse(key) as Record<string, unknown>;
    const title = (draft.name as { de?: string } | undefined)?.de;
    if (!draft.slug || !draft.product_type || !draft.age_group || !draft.language || !title) {
      setState("loading");
      return;
    }
    const controller = new AbortController();
    setState("loading");
    const timer = setTimeout(() => {
      fetchPreview(JSON.parse(key) as Record<string, unknown>, locale, controller.signal)
        .then((page) => {
          setHtml(page);
          setState("ready");
        })
        .catch(() => {
          if (!controller.signal.aborted) setState("failed");
        });
    }, 600);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, locale]);

  return (
    <Box sx={{ width: "100%", minWidth: 0 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {translate("admin.preview.title")}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={locale}
          onChange={(_event, next: Locale | null) => next && setLocale(next)}
          aria-label={translate("admin.preview.title")}
        >
          <ToggleButton value="de">{translate("admin.preview.de")}</ToggleButton>
          <ToggleButton value="ru">{translate("admin.preview.ru")}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" role="status" aria-live="polite">
          {state === "loading" ? translate("admin.preview.loading") : ""}
          {state === "failed" ? translate("admin.preview.failed") : ""}
        </Typography>
      </Box>
      {html ? (
        <Box
          component="iframe"
          title={translate("admin.preview.frame")}
          srcDoc={html}
          sandbox="allow-same-origin"
          sx={{
            width: "100%",
            height: "75vh",
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            bgcolor: "#fff",
          }}
        />
      ) : null}
    </Box>
  );
}

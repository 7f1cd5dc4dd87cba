import { type Checkin, INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { Box, Button, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useRef, useState } from "react";
import { Title, useTranslate } from "react-admin";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import { ADMIN_TOKEN_KEY } from "../providers/data-provider.ts";

/**
 * The door in the back office's menu (issue 29 step 14, D315): staff on a phone type or paste a booking's
 * code and the child is checked in for today's lesson through the same check-in API as the shop's
 * `/QrCodeScanner` (D109), with the back office's sign-in; the answer large and coloured.
 */
type Outcome =
  | "checked_in"
  | "already_checked_in"
  | "not_today"
  | "contract_ended"
  | "lesson_cancelled"
  | "cancelled"
  | "unpaid"
  | "unknown"
  | "failed";
type Answer = { outcome: Outcome; booking: Checkin | null };

const COLOUR: Record<Outcome, "green" | "amber" | "red"> = {
  checked_in: "green",
  already_checked_in: "amber",
  not_today: "red",
  contract_ended: "red",
  lesson_cancelled: "red",
  cancelled: "red",
  unpaid: "red",
  unknown: "red",
  failed: "red",
};
const BACKGROUND = { green: "#dcfce7", amber: "#fef3c7", red: "#fee2e2" } as const;
const REFUSED: Record<string, Outcome> = {
  checkin_not_today: "not_today",
  checkin_contract_ended: "contract_ended",
  checkin_lesson_cancelled: "lesson_cancelled",
  checkin_cancelled: "cancelled",
  checkin_unpaid: "unpaid",
};

/** A typed code, or the link of a booking's QR code (`…/QrCodeScanner?code=…`). */
export function doorCodeOf(input: string): string | null {
  const text = input.trim();
  const code = /[?&]code=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? text;
  return /^[A-Za-z0-9_-]{16,64}$/.test(code) ? code : null;
}

async function checkinFetch(method: "GET" | "POST", code: string) {
  const url = new URL(`/api/v2/checkin/${encodeURIComponent(code)}/`, window.location.origin);
  url.searchParams.set("locale", currentAdminLocale());
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  const response = await fetch(url, {
    method,
    headers: {
      Accept: "application/json",
      ...(method === "POST" ? { "Content-Type": "application/json" } : {}),
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: method === "POST" ? "{}" : undefined,
  });
  const json: unknown = await response.json().catch(() => null);
  return { status: response.status, json };
}

async function checkIn(code: string): Promise<Answer> {
  const done = await checkinFetch("POST", code).catch(() => null);
  if (!done) return { outcome: "failed", booking: null };
  if (done.status === 200 || done.status === 201) {
    const booking = done.json as Checkin;
    return { outcome: booking.status === "checked_in" ? "checked_in" : "already_checked_in", booking };
  }
  if (done.status === 404) return { outcome: "unknown", booking: null };
  const codes = JSON.stringify((done.json as { error_codes?: unknown } | null)?.error_codes ?? "");
  const refused = Object.keys(REFUSED).find((known) => codes.includes(known));
  if (!refused) return { outcome: done.status === 400 ? "unknown" : "failed", booking: null };
  // The refusal carries no booking; read it so staff see whose code it is.
  const read = await checkinFetch("GET", code).catch(() => null);
  return {
    outcome: REFUSED[refused] ?? "failed",
    booking: read?.status === 200 ? (read.json as Checkin) : null,
  };
}

const berlinClock = (iso: string) =>
  new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
    timeZone: SCHOOL_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

export function DoorPage() {
  const translate = useTranslate();
  const [input, setInput] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = doorCodeOf(input);
    if (!code) {
      setAnswer({ outcome: "unknown", booking: null });
      return;
    }
    setBusy(true);
    setAnswer(await checkIn(code));
    setBusy(false);
    setInput("");
    field.current?.focus();
  };

  const colour = answer ? COLOUR[answer.outcome] : null;
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title={translate("attendance.door.title")} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate("attendance.door.title")}
      </Typography>
      <Stack component="form" onSubmit={submit} spacing={2} direction={{ xs: "column", sm: "row" }}>
        <TextField
          inputRef={field}
          label={translate("attendance.door.code")}
          helperText={translate("attendance.door.code_help")}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          autoComplete="off"
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          sx={{ alignSelf: { sm: "flex-start" }, py: 1.8 }}
        >
          {translate("attendance.door.check_in")}
        </Button>
      </Stack>
      {answer && colour ? (
        <Box
          role="status"
          data-testid="door-result"
          data-colour={colour}
          sx={{ mt: 3, p: 2, borderRadius: 2, bgcolor: BACKGROUND[colour], fontSize: "1.4rem" }}
        >
          <Typography component="p" sx={{ fontSize: "1.8rem", fontWeight: 700 }}>
            {translate(`attendance.door.${answer.outcome}`, {
              time: answer.booking?.checked_in_at ? berlinClock(answer.booking.checked_in_at) : "",
            })}
          </Typography>
          {answer.booking ? (
            <Typography component="p" sx={{ fontSize: "1.4rem" }}>
              {[answer.booking.visitor_name, answer.booking.product_page.name].filter(Boolean).join(" · ")}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

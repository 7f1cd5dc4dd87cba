import "../i18n.ts";
import type { Checkin } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { api } from "../../../lib/api-client.ts";
import { parseCheckinSearch } from "../checkin-search.ts";
import { type DoorResult, refusedOutcome, TONE } from "../door-result.ts";
import { playDoorTone } from "../door-sound.ts";
import { DoorCamera } from "./door-camera.tsx";
import { DoorResultPanel } from "./door-result-panel.tsx";

/** A typed code, or a pasted link of a booking's QR code (`…/QrCodeScanner?code=…`). */
export function codeOf(input: string): string | null {
  const text = input.trim();
  const fromLink = /[?&]code=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  return parseCheckinSearch({ code: fromLink ?? text }).code ?? null;
}

const checkinUrl = (code: string) => `/api/v2/checkin/${encodeURIComponent(code)}/`;

/**
 * `/QrCodeScanner` at the door (D109): staff type or scan a booking's code and the child is checked in for
 * today's lesson at once, with the answer shown large and heard. A refused code still names the child and
 * the offer where the server knows them, so staff can tell the family why.
 */
export function DoorCheck() {
  const { t } = useTranslation("checkin");
  const [input, setInput] = useState("");
  const [result, setResult] = useState<DoorResult | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const check = useMutation({
    mutationFn: async (code: string): Promise<DoorResult> => {
      try {
        const booking = await api.post<Checkin>(checkinUrl(code), {});
        return { outcome: booking.status === "checked_in" ? "checked_in" : "already_checked_in", booking };
      } catch (error) {
        const outcome = refusedOutcome(error);
        if (
          outcome !== "not_today" &&
          outcome !== "contract_ended" &&
          outcome !== "lesson_cancelled" &&
          outcome !== "cancelled" &&
          outcome !== "unpaid"
        ) {
          return { outcome, booking: null };
        }
        // The refusal carries no booking; read it so staff see whose code it is.
        const booking = await api.get<Checkin>(checkinUrl(code)).catch(() => null);
        return { outcome, booking };
      }
    },
    onSuccess: (answer) => {
      setResult(answer);
      playDoorTone(TONE[answer.outcome]);
      setInput("");
      field.current?.focus();
    },
  });

  const submit = (code: string | null) => {
    if (!code) {
      setResult({ outcome: "unknown", booking: null });
      playDoorTone("no");
      return;
    }
    check.mutate(code);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(codeOf(input));
  };

  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold text-slate-900">{t("title")}</h1>
      <DoorCamera onCode={(text) => submit(codeOf(text))} />
      <form className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={onSubmit}>
        <label className="flex flex-1 flex-col gap-1 font-semibold">
          {t("door.codeLabel")}
          <input
            ref={field}
            className="rounded-lg border border-slate-400 px-3 py-3 text-lg font-normal"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="text"
          />
        </label>
        <button type="submit" className={buttonStyles.primary} disabled={check.isPending || !input.trim()}>
          {t("checkIn")}
        </button>
      </form>
      <p className="mt-2 text-sm text-slate-600">{t("door.codeHint")}</p>
      <div aria-live="assertive">{result ? <DoorResultPanel result={result} /> : null}</div>
    </Container>
  );
}

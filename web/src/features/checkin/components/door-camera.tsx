import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";

/** A QR code held in front of the camera is read many times a second; one code counts once in this span. */
const SAME_CODE_MS = 4_000;

/**
 * The door's camera reader (D109): the phone's back camera reads a booking's QR code through @zxing/browser,
 * loaded only when staff switch the camera on, so the storefront never downloads it. A camera that cannot
 * be opened (no permission, no camera) says so, and the manual field stays the way in.
 */
export function DoorCamera({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation("checkin");
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!on || !video.current) return;
    const element = video.current;
    let stopped = false;
    let stop: (() => void) | null = null;
    let last = { text: "", at: 0 };
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import("@zxing/browser");
        if (stopped) return;
        const controls = await new BrowserQRCodeReader().decodeFromConstraints(
          { video: { facingMode: "environment" } },
          element,
          (result) => {
            if (!result) return;
            const text = result.getText();
            const now = Date.now();
            if (text === last.text && now - last.at < SAME_CODE_MS) return;
            last = { text, at: now };
            handler.current(text);
          },
        );
        if (stopped) controls.stop();
        else stop = () => controls.stop();
      } catch {
        if (!stopped) {
          setFailed(true);
          setOn(false);
        }
      }
    })();
    return () => {
      stopped = true;
      stop?.();
    };
  }, [on]);

  return (
    <div className="mt-6">
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={() => {
          setFailed(false);
          setOn((value) => !value);
        }}
      >
        {on ? t("door.camera.stop") : t("door.camera.start")}
      </button>
      {failed ? (
        <p role="alert" className="mt-2 text-red-700">
          {t("door.camera.failed")}
        </p>
      ) : null}
      {on ? (
        <video
          ref={video}
          data-testid="door-video"
          className="mt-3 w-full max-w-md rounded-xl"
          muted
          playsInline
        />
      ) : null}
    </div>
  );
}

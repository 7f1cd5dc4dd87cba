import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import QRCode from "qrcode";
import { berlinDay } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { useSessionInBrowser } from "../support/parents.ts";
import { paidCourseOn, signedInStaff } from "../support/staff-bookings.ts";

/**
 * The door's camera path (D109), at 390 px: Chromium's fake camera plays a .y4m video of a booking's QR
 * code, which this test writes itself (raw YUV 4:2:0 frames, no ffmpeg): the QR matrix from `qrcode`,
 * black modules on white, scaled up with a quiet zone, in the luma plane; chroma neutral (128).
 */
const WIDTH = 640;
const HEIGHT = 480;

/** Writes `file` as a Y4M video whose frames show `text` as a QR code. */
function writeQrVideo(file: string, text: string): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const scale = Math.floor((HEIGHT - 80) / (size + 8));
  const side = size * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale)))
        luma[(top + y) * WIDTH + left + x] = 16;
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

// Chromium is started with the file's path; it opens the file when a page opens the camera. So the file
// exists before the browser starts, and the test writes the booking's code into it before the camera opens.
const video = join(mkdtempSync(join(tmpdir(), "atelier-qr-")), "qr.y4m");
writeQrVideo(video, "no booking yet");

test.use({
  viewport: { width: 390, height: 844 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test("the door's camera reads a booking's QR code from the fake camera and checks the child in (390 px)", async ({
  page,
  context,
  request,
}) => {
  // Making the booking through the API and the camera's first frames share the 30 s default; on a loaded
  // CI machine the setup alone took over 10 s and the reader had no time left to read (stop 40's run).
  test.slow();
  const staff = await signedInStaff(request);
  const booked = await paidCourseOn(request, staff, berlinDay(0).weekday, "Kira", "18:10");
  const code = await booked.code();
  // The QR code of the confirmation mail holds the check-in page's address with the code.
  writeQrVideo(video, `http://127.0.0.1/QrCodeScanner?code=${code}`);
  await context.grantPermissions(["camera"]);

  await dismissCookieModal(page);
  await useSessionInBrowser(page, staff);
  await page.goto("/QrCodeScanner?locale=de");
  await page.getByRole("button", { name: "Kamera einschalten" }).click();
  await expect(page.getByTestId("door-video")).toBeVisible();
  const result = page.getByTestId("door-result");
  await expect(result).toHaveAttribute("data-colour", "green", { timeout: 20_000 });
  await expect(result).toContainText("Eingecheckt");
  await expect(result).toContainText("Kira Muster");
});

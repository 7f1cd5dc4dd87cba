import { berlinDateTimeText } from "@atelier/contract";
import { berlinDay } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { countMails, newestMail } from "../support/mail.ts";
import { signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * The requests inbox (issue 21; D137), at 1366 px: a parent asks for a trial lesson in Russian, staff
 * answer it in the back office with "confirm a date", the parent gets the mail in Russian and sees the
 * status and the confirmed day in the profile's history tab.
 */
test.use({ viewport: { width: 1366, height: 768 } });
// Sign-up, the back office and the profile in one walk: more than the default 30 s on a busy machine.
test.setTimeout(90_000);

const inDays = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test("staff confirm a trial date; the parent gets the mail and sees the status in the profile", async ({
  page,
  request,
}) => {
  const parent = await signedInParent(request, "trial-inbox");
  const courses = await (
    await request.get("/api/v2/products/?locale=ru&page_size=100&product_type=Course")
  ).json();
  const course = (courses.results ?? courses)[0] as {
    id: number;
    name: string;
    schedule_slots: { id: number; weekday: string | number | null; date: string | null }[];
  };
  // A trial is asked for on a day the course meets (D297): the first of its weekdays from three days on.
  const names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  const weekdayOf = (slot: { weekday: string | number | null }) =>
    typeof slot.weekday === "number" ? slot.weekday : names.indexOf(slot.weekday ?? "");
  const meets = course.schedule_slots
    .filter((slot) => slot.date === null && slot.weekday !== null)
    .map(weekdayOf);
  let asked = berlinDay(3);
  for (let offset = 4; !meets.includes(asked.weekday) && offset < 11; offset++) asked = berlinDay(offset);
  expect(meets, "the first course meets weekly").toContain(asked.weekday);
  // The family chose that day's group in the trial form (D329).
  const group = course.schedule_slots.find(
    (slot) => slot.date === null && slot.weekday !== null && weekdayOf(slot) === asked.weekday,
  );
  const sent = await request.post("/api/v2/orders/visit_request/?locale=ru", {
    headers: parent.headers,
    data: {
      product_page: course.id,
      children: [{ first_name: "Mila", last_name: "Muster", birth_date: "2019-05-02" }],
      adults: [
        {
          first_name: "Paula",
          last_name: "Parent",
          email: parent.email,
          phone: "+4915112345678",
          relation: "",
        },
      ],
      date: asked.date,
      schedule_slot: group?.id,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };

  await signInToBackOffice(page);
  await page.getByRole("menuitem", { name: "Besuchsanfragen" }).click();
  await expect(page).toHaveURL(/\/admin\/visit-requests/);
  await page.getByRole("combobox", { name: "Art" }).click();
  await page.getByRole("option", { name: "Probestunde" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Paula Parent" }).first()).toBeVisible();
  await page.goto(`/admin/visit-requests/${id}`);
  await expect(page.getByRole("heading", { name: `Probestunde #${id}` })).toBeVisible();
  // The wished day, as German writes it (D495), with the chosen group's time, and that group already
  // chosen for the confirmation.
  await expect(
    page.getByText(
      new RegExp(`^Wunschtermin: ${berlinDateTimeText(asked.date, "de")}, \\d{2}:\\d{2}–\\d{2}:\\d{2}$`),
    ),
  ).toBeVisible();

  const day = inDays(6);
  await page.getByRole("textbox", { name: "Termin", exact: true }).fill(day);
  // A visit at a time staff type (D270): the mail names it.
  await page.getByRole("combobox", { name: "Stunde" }).click();
  await page.getByRole("option", { name: "Andere Uhrzeit …" }).click();
  await page.getByLabel("Uhrzeit").fill("15:30");
  const confirmButton = page.getByRole("button", { name: "Termin bestätigen und Familie benachrichtigen" });
  await confirmButton.click();
  await expect(page.getByText("Termin bestätigt, die Familie bekommt eine E-Mail.")).toBeVisible();
  await expect(page.getByText(`Bestätigter Termin: ${berlinDateTimeText(day, "de")}`)).toBeVisible();

  const mail = await newestMail("visit-request-confirmed", parent.email);
  expect(mail).toContain("Хорошие новости");
  expect(mail).toContain("«История»");
  expect(mail).toContain("15:30");
  // The mail names the house with its address (issue 29), as the request's page reads it.
  const staff = await signedInStaff(request);
  const { house } = (await (
    await request.get(`/api/v2/admin/visit-requests/${id}/?locale=de`, { headers: staff.headers })
  ).json()) as { house: string | null };
  expect(house).toBeTruthy();
  expect(mail).toContain("Адрес");
  // The house's name is the Russian one in a Russian mail; its street and city are the same.
  expect(mail).toContain((house ?? "").split(", ").slice(1).join(", "));
  // Clicked again: the confirmation stands, no second mail (D271).
  await confirmButton.click();
  await expect(page.getByText("Termin bestätigt, die Familie bekommt eine E-Mail.").first()).toBeVisible();
  // The worker had time to write a second mail if there were one.
  await page.waitForTimeout(3_000);
  expect(await countMails("visit-request-confirmed", parent.email)).toBe(1);

  await useSessionInBrowser(page, parent);
  await page.goto("/profile?tab=sales&locale=ru");
  const entry = page.getByTestId("my-visit-request").first();
  await expect(entry).toContainText("Пробное занятие");
  await expect(entry).toContainText("В работе");
  await expect(entry).toContainText("Дата подтверждена");
});

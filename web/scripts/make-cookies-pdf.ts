/**
 * Writes the cookie policy linked from the cookie modal (spec §2): public/docs/cookies.pdf (German) and
 * public/docs/cookies.ru.pdf (Russian). pdf-lib with DejaVu Sans embedded as a subset: the standard PDF
 * fonts have no Cyrillic.
 * Run: npx tsx web/scripts/make-cookies-pdf.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";

type Block = { text: string; size: number; bold?: boolean; gapBefore?: number };
type Policy = { title: string; subject: string; blocks: Block[] };

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const ADDRESS = "Atelier, Kastanienallee 12, 10435 Berlin, info@atelier-berlin.example";

const heading = (text: string, gapBefore = 14): Block => ({ text, size: 13, bold: true, gapBefore });
const paragraph = (text: string): Block => ({ text, size: 10.5 });

const POLICIES: Record<"de" | "ru", Policy> = {
  de: {
    title: "Cookie-Richtlinie",
    subject: "Cookies und lokale Speicherung im Shop von Atelier",
    blocks: [
      { text: "Atelier – Kunst- und Sprachschule Berlin", size: 11, bold: true },
      { text: "Cookie-Richtlinie", size: 20, bold: true, gapBefore: 10 },
      { text: `Stand: 2026. ${ADDRESS}`, size: 9.5, gapBefore: 4 },
      heading("1. Was sind Cookies?", 18),
      paragraph(
        "Cookies sind kleine Textdateien, die Ihr Browser speichert. Ähnlich funktionieren der lokale Speicher (Local Storage) und der Sitzungsspeicher (Session Storage) des Browsers. Wir nutzen diese Techniken nur, soweit es für den Shop nötig ist oder Sie eingewilligt haben.",
      ),
      heading("2. Notwendige Cookies und Speicherungen (immer aktiv)"),
      paragraph(
        "i18n_redirected (Cookie, 365 Tage): merkt sich Ihre Sprache (Deutsch oder Russisch). odev-token und user (Local Storage): halten Sie nach der Anmeldung angemeldet. cart-id und visitors (Local Storage): Ihr Warenkorb und die angelegten Teilnehmenden vor der Anmeldung. is-closed-cookie und cookie-consent (Local Storage): speichern Ihre Auswahl in diesem Hinweis. csrftoken (Cookie): schützt Formulare vor Missbrauch.",
      ),
      heading("3. Statistik (nur mit Einwilligung, standardmäßig aus)"),
      paragraph(
        "Mit Ihrer Einwilligung werten wir aus, wie der Shop genutzt wird, um Fehler zu finden und ihn zu verbessern. Ohne Einwilligung findet keine Auswertung statt.",
      ),
      heading("4. Externe Medien (nur mit Einwilligung, standardmäßig aus)"),
      paragraph(
        "Dazu gehören eingebettete Inhalte von Drittanbietern, etwa Videos und Karten, sowie die Erkennung Ihres Landes anhand der IP-Adresse, um die Vorwahl im Telefonfeld vorzubelegen. Dabei wird Ihre IP-Adresse an den jeweiligen Anbieter übertragen.",
      ),
      heading("5. Ihre Wahl ändern"),
      paragraph(
        "Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen, indem Sie die Website-Daten in Ihrem Browser löschen; der Cookie-Hinweis erscheint dann erneut. Weitere Informationen, auch zu Ihren Rechten, finden Sie in unserer Datenschutzerklärung unter /legal/privacy.",
      ),
      heading("Russische Fassung"),
      paragraph("Eine russische Fassung dieser Richtlinie finden Sie unter /docs/cookies.ru.pdf."),
    ],
  },
  ru: {
    title: "Политика использования файлов cookie",
    subject: "Файлы cookie и локальное хранилище в магазине Atelier",
    blocks: [
      { text: "Atelier – школа искусств и языков, Берлин", size: 11, bold: true },
      { text: "Политика использования файлов cookie", size: 20, bold: true, gapBefore: 10 },
      { text: `Редакция 2026 г. ${ADDRESS}`, size: 9.5, gapBefore: 4 },
      heading("1. Что такое файлы cookie?", 18),
      paragraph(
        "Файлы cookie – это небольшие текстовые файлы, которые сохраняет ваш браузер. Похожим образом работают локальное хранилище (Local Storage) и хранилище сеанса (Session Storage) браузера. Мы используем эти технологии только в той мере, в какой это необходимо для работы магазина или на что вы дали согласие.",
      ),
      heading("2. Необходимые файлы cookie и данные (всегда активны)"),
      paragraph(
        "i18n_redirected (cookie, 365 дней): запоминает ваш язык (немецкий или русский). odev-token и user (Local Storage): сохраняют вход после авторизации. cart-id и visitors (Local Storage): ваша корзина и добавленные участники до входа в аккаунт. is-closed-cookie и cookie-consent (Local Storage): сохраняют ваш выбор в этом уведомлении. csrftoken (cookie): защищает формы от злоупотреблений.",
      ),
      heading("3. Статистика (только с согласия, по умолчанию выключена)"),
      paragraph(
        "С вашего согласия мы анализируем, как используется магазин, чтобы находить ошибки и улучшать его. Без согласия анализ не проводится.",
      ),
      heading("4. Внешние медиа (только с согласия, по умолчанию выключены)"),
      paragraph(
        "Сюда относятся встроенные материалы сторонних сервисов, например видео и карты, а также определение вашей страны по IP-адресу, чтобы заранее выбрать код страны в поле телефона. При этом ваш IP-адрес передаётся соответствующему сервису.",
      ),
      heading("5. Как изменить выбор"),
      paragraph(
        "Вы можете в любой момент отозвать согласие на будущее, удалив данные сайта в браузере; после этого уведомление о файлах cookie появится снова. Подробнее, в том числе о ваших правах, – в нашей политике конфиденциальности: /legal/privacy?locale=ru.",
      ),
      heading("Обязательная редакция"),
      paragraph(
        "Юридически обязательной является немецкая редакция этой политики (/docs/cookies.pdf); русская редакция предоставлена для удобства.",
      ),
    ],
  },
};

function wrap(text: string, font: PDFFont, size: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > TEXT_WIDTH) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

const require = createRequire(import.meta.url);
const fontFile = (name: string) =>
  readFileSync(join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf", name));

async function render(policy: Policy, locale: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fontFile("DejaVuSans.ttf"), { subset: true });
  const bold = await pdf.embedFont(fontFile("DejaVuSans-Bold.ttf"), { subset: true });
  // Fixed metadata, so regenerating an unchanged text gives the same file.
  const stamp = new Date("2026-01-01T00:00:00Z");
  pdf.setTitle(policy.title);
  pdf.setSubject(policy.subject);
  pdf.setAuthor("Atelier");
  pdf.setLanguage(locale);
  pdf.setProducer("atelier make-cookies-pdf (pdf-lib)");
  pdf.setCreator("atelier make-cookies-pdf");
  pdf.setCreationDate(stamp);
  pdf.setModificationDate(stamp);

  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  for (const block of policy.blocks) {
    const font = block.bold ? bold : regular;
    y -= block.gapBefore ?? 0;
    for (const row of wrap(block.text, font, block.size)) {
      y -= block.size * 1.45;
      if (y < MARGIN) {
        page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
        y = PAGE_HEIGHT - MARGIN - block.size * 1.45;
      }
      page.drawText(row, { x: MARGIN, y, size: block.size, font, color: rgb(0.1, 0.1, 0.12) });
    }
  }
  return pdf.save({ useObjectStreams: false });
}

const docsDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "docs");
for (const [locale, file] of [
  ["de", "cookies.pdf"],
  ["ru", "cookies.ru.pdf"],
] as const) {
  const bytes = await render(POLICIES[locale], locale);
  writeFileSync(join(docsDir, file), bytes);
  console.log(`wrote ${join(docsDir, file)} (${bytes.length} bytes)`);
}

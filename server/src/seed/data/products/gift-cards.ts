import { LOCATIONS } from "../locations.ts";
import { giftCardAmounts } from "../purchase-options.ts";
import { l, type ProductSeed, qa } from "../types.ts";

const VALIDITY_QA = qa(
  l("Wie lange ist der Gutschein gültig?", "Сколько действует сертификат?"),
  l(
    "Drei Jahre ab Ende des Kaufjahres, wie gesetzlich vorgesehen. Restguthaben bleibt erhalten.",
    "Три года с конца года покупки, как предусмотрено законом. Неиспользованный остаток сохраняется.",
  ),
);
const DELIVERY_QA = qa(
  l("Wie bekomme ich den Gutschein?", "Как я получу сертификат?"),
  l(
    "Direkt nach der Zahlung per E-Mail als PDF zum Ausdrucken. Auf Wunsch bekommen Sie ihn im Atelier auch als Karte.",
    "Сразу после оплаты по электронной почте в виде PDF для печати. По желанию можно забрать открытку в студии.",
  ),
);

export const GIFT_CARDS: ProductSeed[] = [
  {
    slug: "geschenkgutschein",
    productType: "GiftCard",
    category: "geschenke",
    ageGroup: "5-7",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova"],
    isFeatured: true,
    name: l("Geschenkgutschein", "Подарочный сертификат"),
    summary: l(
      "Kreativität verschenken: einlösbar für alle Kurse, Workshops, Ferienakademien und Geburtstage im Atelier.",
      "Подарите творчество: сертификат действует на все курсы, мастер-классы, каникулярные академии и праздники в студии.",
    ),
    body: l(
      "Sie suchen ein Geschenk, das lange Freude macht? Mit unserem Gutschein können Kinder, Jugendliche und Erwachsene selbst aussuchen, was sie ausprobieren möchten – Malerei, Keramik, Schach, Robotik, Theater oder eine Sprache.\n\nDer Gutschein wird im Warenkorb mit seinem Code eingelöst und kann auf mehrere Buchungen aufgeteilt werden.\n\nTipp: Zum Gutschein gibt es auf Wunsch eine von unseren Kindern gestaltete Grußkarte.",
      "Ищете подарок, который будет радовать долго? С нашим сертификатом дети, подростки и взрослые сами выберут, что попробовать: живопись, керамику, шахматы, робототехнику, театр или язык.\n\nСертификат активируется кодом в корзине, сумму можно разделить на несколько заказов.\n\nСовет: по желанию к сертификату прилагается открытка, нарисованная нашими учениками.",
    ),
    program: l(
      "- Einlösbar für alle Angebote im Shop\n- Teilbar auf mehrere Buchungen\n- Versand als PDF per E-Mail",
      "- Действует на все предложения магазина\n- Можно использовать частями\n- Отправка в формате PDF по электронной почте",
    ),
    length: l("3 Jahre gültig", "Действует 3 года"),
    seoText: l(
      "Geschenkgutschein für Kurse, Workshops und Ferienprogramme einer Kunst- und Sprachschule in Berlin, sofort per E-Mail.",
      "Подарочный сертификат на курсы, мастер-классы и каникулярные программы школы искусств и языков в Берлине, сразу по e-mail.",
    ),
    qna: [VALIDITY_QA, DELIVERY_QA],
    titleImageAlt: l(
      "Geschenkkarte mit Schleife und Farbpinsel",
      "Подарочный сертификат с бантом и кисточкой",
    ),
    purchaseOptions: giftCardAmounts([2500, 5000, 10000]),
  },
  {
    slug: "gutschein-ferienakademie",
    productType: "GiftCard",
    category: "geschenke",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova", "felix-neumann"],
    name: l("Gutschein für eine Ferienwoche", "Сертификат на неделю каникул"),
    summary: l(
      "Das perfekte Geschenk von Großeltern, Tanten und Paten: eine halbe oder ganze Ferienwoche in einer unserer Akademien.",
      "Идеальный подарок от бабушек, дедушек и крёстных: половина или целая неделя в одной из наших каникулярных академий.",
    ),
    body: l(
      "Mit diesem Gutschein verschenken Sie eine Ferienwoche voller Kunst, Sprache oder Robotik. Die Beschenkten wählen selbst, welche Akademie und welche Woche sie besuchen möchten.\n\nDer Betrag entspricht einer Halbtagswoche beziehungsweise einer ganzen Ferienwoche mit Mittagessen. Kostet die gewählte Woche weniger, bleibt der Rest als Guthaben erhalten.\n\nDer Gutschein kommt als PDF per E-Mail und kann auch für andere Angebote im Shop eingelöst werden.",
      "С этим сертификатом вы дарите неделю каникул, полную искусства, языка или робототехники. Получатель сам выбирает академию и неделю.\n\nСумма соответствует неделе на полдня или полной неделе с обедом. Если выбранная неделя стоит дешевле, остаток сохраняется на балансе.\n\nСертификат приходит в формате PDF по электронной почте и действует также на другие предложения магазина.",
    ),
    program: l(
      "- Für alle Ferienakademien 2027\n- Halbtags- oder Ganztagswoche\n- Auch für andere Angebote einlösbar",
      "- Для всех каникулярных академий 2027 года\n- Неделя на полдня или на весь день\n- Можно использовать и для других предложений",
    ),
    length: l("3 Jahre gültig", "Действует 3 года"),
    seoText: l(
      "Gutschein für eine Ferienwoche in Berlin: Kunstakademie, Sprachferien oder Robotik-Camp für Kinder als Geschenk.",
      "Сертификат на неделю каникул в Берлине: художественная академия, языковые каникулы или лагерь робототехники в подарок.",
    ),
    qna: [
      VALIDITY_QA,
      DELIVERY_QA,
      qa(
        l("Was passiert, wenn die gewünschte Woche ausgebucht ist?", "Что, если нужная неделя занята?"),
        l(
          "Dann wählen Sie eine andere Woche oder setzen das Kind auf die Warteliste; der Gutschein verfällt nicht.",
          "Тогда можно выбрать другую неделю или записаться в лист ожидания — сертификат не сгорит.",
        ),
      ),
    ],
    titleImageAlt: l(
      "Gutschein mit Sonne, Koffer und Farbpalette",
      "Сертификат с солнцем, чемоданом и палитрой",
    ),
    purchaseOptions: giftCardAmounts([18900, 29900]),
  },
];

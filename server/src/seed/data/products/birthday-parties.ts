import { LOCATIONS } from "../locations.ts";
import { birthdayPackage } from "../purchase-options.ts";
import { l, type ProductSeed, qa } from "../types.ts";

const DATE_QA = qa(
  l("Wie wird der Termin vereinbart?", "Как выбрать дату?"),
  l(
    "Schreiben Sie beim Buchen Ihren Wunschtermin in den Kommentar. Feiern sind samstags und sonntags zwischen 10 und 18 Uhr möglich; wir bestätigen innerhalb von zwei Werktagen.",
    "Укажите желаемую дату в комментарии к заказу. Праздники проходят по субботам и воскресеньям с 10 до 18 часов; мы подтвердим в течение двух рабочих дней.",
  ),
);
const FOOD_QA = qa(
  l("Dürfen wir Kuchen mitbringen?", "Можно ли принести торт?"),
  l(
    "Ja, Kuchen und Snacks bringen Sie gern selbst mit. Teller, Becher und Getränke stellen wir.",
    "Да, торт и угощение можно принести с собой. Тарелки, стаканы и напитки мы предоставим.",
  ),
);

export const BIRTHDAY_PARTIES: ProductSeed[] = [
  {
    slug: "kunst-geburtstag",
    productType: "BirthdayParty",
    category: "malerei",
    ageGroup: "5-7",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova", "marina-sokolova"],
    isFeatured: true,
    name: l("Kunst-Geburtstag im Atelier", "Творческий день рождения в студии"),
    summary: l(
      "Malen, töpfern, feiern: ein Kindergeburtstag im Atelier, bei dem jedes Kind ein eigenes Kunstwerk mit nach Hause nimmt.",
      "Рисуем, лепим, празднуем: день рождения в студии, после которого каждый гость уносит домой своё произведение.",
    ),
    body: l(
      "Feiern Sie den Geburtstag Ihres Kindes in unserem Atelier! Eine Kunstpädagogin begleitet die Gäste durch ein Programm, das zum Geburtstagskind passt: ein Dschungel auf Leinwand, Feen aus Ton, ein riesiges Gemeinschaftsbild als Geschenk.\n\nNach dem kreativen Teil gehört der Raum der Geburtstagsrunde: Kuchen, Kerzen, Geschenke und Spiele. Wir kümmern uns um Aufbau und Aufräumen.\n\nDie Feier kann auf Deutsch, Russisch oder in beiden Sprachen stattfinden – ganz wie die Gäste es brauchen.",
      "Отпразднуйте день рождения ребёнка в нашей студии! Педагог-художник проведёт гостей по программе, которая понравится имениннику: джунгли на холсте, феи из глины или огромная общая картина в подарок.\n\nПосле творческой части комната принадлежит празднику: торт, свечи, подарки и игры. Подготовку и уборку мы берём на себя.\n\nПраздник может проходить на немецком, на русском или на двух языках — как удобнее гостям.",
    ),
    program: l(
      "- Begrüßung und Kittel an\n- Kreativteil nach Wunschthema (60–90 Minuten)\n- Geburtstagstafel mit Ihrem Kuchen\n- Spiele und Geschenke\n- Jedes Kind nimmt sein Werk mit",
      "- Встреча гостей, надеваем фартуки\n- Творческая часть на выбранную тему (60–90 минут)\n- Праздничный стол с вашим тортом\n- Игры и подарки\n- Каждый гость уносит свою работу",
    ),
    length: l("2 oder 3 Stunden", "2 или 3 часа"),
    seoText: l(
      "Kindergeburtstag feiern in Berlin Prenzlauer Berg: Malen und Töpfern im Atelier für Kinder von 5 bis 7 Jahren, auf Deutsch oder Russisch.",
      "Детский день рождения в Берлине (Пренцлауэр-Берг): рисование и лепка в студии для детей 5–7 лет на немецком или русском.",
    ),
    qna: [
      DATE_QA,
      FOOD_QA,
      qa(
        l("Was ist der Unterschied zwischen den Paketen?", "Чем отличаются пакеты?"),
        l(
          "Das Basispaket dauert zwei Stunden für bis zu acht Kinder mit Malerei; das Paket Plus drei Stunden für bis zu zwölf Kinder mit Malerei und Keramik.",
          "Базовый пакет — два часа, до восьми детей, живопись; пакет «Плюс» — три часа, до двенадцати детей, живопись и керамика.",
        ),
      ),
    ],
    titleImageAlt: l(
      "Geburtstagskuchen neben Pinseln und Farbtöpfen",
      "Праздничный торт рядом с кисточками и баночками краски",
    ),
    studentWorks: ["sunflowers", "ceramic-animals"],
    purchaseOptions: [
      birthdayPackage(l("Basis: 2 Stunden, bis 8 Kinder", "Базовый: 2 часа, до 8 детей"), 29000, 8),
      birthdayPackage(
        l("Plus: 3 Stunden, bis 12 Kinder, mit Keramik", "Плюс: 3 часа, до 12 детей, с керамикой"),
        49000,
        12,
      ),
    ],
  },
  {
    slug: "roboter-geburtstag",
    productType: "BirthdayParty",
    category: "robotik",
    ageGroup: "8-11",
    language: "de-en",
    location: LOCATIONS.kastanienallee,
    instructors: ["felix-neumann"],
    name: l("Roboter-Geburtstag", "День рождения с роботами"),
    summary: l(
      "Roboter bauen, ein Rennen fahren, den Sieger feiern: eine Geburtstagsparty für kleine Ingenieurinnen und Ingenieure von 8 bis 11.",
      "Собираем роботов, устраиваем гонку и чествуем победителя: праздник для юных инженеров 8–11 лет.",
    ),
    body: l(
      "Beim Roboter-Geburtstag bauen die Gäste in Zweierteams kleine Fahrroboter und programmieren sie mit Blöcken auf dem Tablet. Dann geht es auf die Rennstrecke: Wer schafft den Parcours am schnellsten, wer am elegantesten?\n\nFelix leitet die Party und sorgt dafür, dass auch Kinder ohne Vorkenntnisse schnell Erfolgserlebnisse haben. Das Geburtstagskind bekommt zum Schluss eine Urkunde als Chef-Ingenieurin oder Chef-Ingenieur.\n\nKuchen und Snacks bringen Sie mit, den Rest übernehmen wir.",
      "На празднике гости в парах собирают маленьких роботов на колёсах и программируют их блоками на планшете. Потом — на трассу: кто пройдёт её быстрее всех, а кто изящнее?\n\nФеликс ведёт праздник и следит, чтобы даже дети без опыта быстро добились успеха. В конце именинник получает грамоту главного инженера.\n\nТорт и угощение приносите вы, всё остальное — наша забота.",
    ),
    program: l(
      "- Begrüßung in der Roboterwerkstatt\n- Bauen in Zweierteams\n- Programmieren mit Blöcken\n- Roboterrennen mit Siegerehrung\n- Geburtstagstafel",
      "- Встреча в мастерской роботов\n- Собираем роботов в парах\n- Программируем блоками\n- Гонка роботов с награждением\n- Праздничный стол",
    ),
    length: l("2,5 oder 3 Stunden", "2,5 или 3 часа"),
    seoText: l(
      "Roboter-Kindergeburtstag in Berlin für Kinder von 8 bis 11 Jahren: Roboter bauen, programmieren und ein Rennen fahren.",
      "День рождения с роботами в Берлине для детей 8–11 лет: собираем, программируем и устраиваем гонки.",
    ),
    qna: [DATE_QA, FOOD_QA],
    titleImageAlt: l("Zwei kleine Roboter mit Partyhüten", "Два маленьких робота в праздничных колпаках"),
    studentWorks: ["robot"],
    purchaseOptions: [
      birthdayPackage(l("Standard: 2,5 Stunden, bis 8 Kinder", "Стандарт: 2,5 часа, до 8 детей"), 34000, 8),
      birthdayPackage(l("Groß: 3 Stunden, bis 12 Kinder", "Большой: 3 часа, до 12 детей"), 45000, 12),
    ],
  },
];

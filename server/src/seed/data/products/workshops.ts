import { LOCATIONS } from "../locations.ts";
import { ticket } from "../purchase-options.ts";
import { l, type ProductSeed, qa } from "../types.ts";

const MATERIAL_QA = qa(
  l("Sind die Materialien im Preis enthalten?", "Входят ли материалы в стоимость?"),
  l(
    "Ja, alle Materialien sind inklusive, und die fertigen Arbeiten gehören den Teilnehmenden.",
    "Да, все материалы включены, а готовые работы остаются у участников.",
  ),
);
/** The promise of LATE_QA as data (D142): the shop refunds a cancellation up to this many days before. */
const LATE_REFUND_DAYS = 7;
const LATE_QA = qa(
  l("Kann ich mein Ticket zurückgeben?", "Можно ли вернуть билет?"),
  l(
    "Bis sieben Tage vor dem Termin erstatten wir den vollen Preis; danach können Sie eine andere Person schicken.",
    "Не позднее чем за семь дней до даты мы вернём полную стоимость; позже можно передать место другому человеку.",
  ),
);

export const WORKSHOPS: ProductSeed[] = [
  {
    slug: "toepfern-eigene-tasse",
    productType: "Workshop",
    category: "keramik",
    ageGroup: "10+",
    language: "de-ru",
    location: LOCATIONS.keramikHof,
    instructors: ["marina-sokolova"],
    isFeatured: true,
    name: l("Töpfern: Deine eigene Tasse", "Гончарный мастер-класс: своя чашка"),
    summary: l(
      "An einem Samstag eine Tasse von Hand aufbauen, verzieren und glasieren – für Kinder ab 10 und ihre Eltern.",
      "За одну субботу слепить, украсить и покрыть глазурью свою чашку — для детей от 10 лет и их родителей.",
    ),
    body: l(
      "Aus einem Klumpen Ton wird in drei Stunden eine Tasse, aus der man jeden Morgen trinken möchte. Marina zeigt, wie man sie in Plattentechnik aufbaut, einen Henkel ansetzt und mit Stempeln, Ritzungen oder Engoben verziert.\n\nNach dem Workshop trocknen die Tassen, werden zweimal gebrannt und sind nach etwa drei Wochen abholbereit. Alle Glasuren sind lebensmittelecht.\n\nDer Workshop eignet sich auch für Eltern und Kinder gemeinsam – jede Person braucht ein eigenes Ticket.",
      "Из куска глины за три часа получается чашка, из которой захочется пить каждое утро. Марина покажет, как собрать её из пласта, прилепить ручку и украсить штампами, процарапыванием или ангобами.\n\nПосле мастер-класса чашки сохнут, проходят два обжига и будут готовы примерно через три недели. Все глазури безопасны для посуды.\n\nНа мастер-класс можно прийти родителям вместе с детьми — для каждого участника нужен отдельный билет.",
    ),
    program: l(
      "- Ton vorbereiten und Platten ausrollen\n- Tasse formen und Henkel ansetzen\n- Verzieren mit Stempeln und Engoben\n- Glasur auswählen\n- Abholung nach dem Brand",
      "- Готовим глину и раскатываем пласт\n- Формуем чашку и прикрепляем ручку\n- Украшаем штампами и ангобами\n- Выбираем глазурь\n- Забираем готовую чашку после обжига",
    ),
    length: l("3 Stunden", "3 часа"),
    seoText: l(
      "Töpferworkshop in Berlin Prenzlauer Berg: eine eigene Tasse von Hand formen und glasieren, für Kinder ab 10 und Erwachsene.",
      "Гончарный мастер-класс в Берлине (Пренцлауэр-Берг): лепим и глазуруем свою чашку, для детей от 10 лет и взрослых.",
    ),
    qna: [MATERIAL_QA, LATE_QA],
    refundDaysBefore: LATE_REFUND_DAYS,
    titleImageAlt: l("Handgeformte Tasse mit blauer Glasur", "Чашка ручной работы с синей глазурью"),
    studentWorks: ["ceramic-bowl"],
    datedSlots: [
      { date: "2027-02-13", start: "11:00", end: "14:00", seats: 8, instructor: "marina-sokolova" },
      { date: "2027-04-17", start: "11:00", end: "14:00", seats: 8, instructor: "marina-sokolova" },
      { date: "2027-06-12", start: "11:00", end: "14:00", seats: 8, instructor: "marina-sokolova" },
    ],
    purchaseOptions: [ticket(6500)],
  },
  {
    slug: "manga-figuren-zeichnen",
    productType: "Workshop",
    category: "comics",
    ageGroup: "12+",
    language: "de-en",
    location: LOCATIONS.kastanienallee,
    instructors: ["jonas-becker"],
    name: l("Manga-Figuren zeichnen", "Рисуем персонажей манги"),
    summary: l(
      "Große Augen, dynamische Posen, ausdrucksstarke Gesichter: ein Nachmittag voller Manga-Techniken für Jugendliche ab 12.",
      "Большие глаза, динамичные позы, выразительные лица: целый день техник манги для подростков от 12 лет.",
    ),
    body: l(
      "Manga hat seine eigenen Regeln – und wer sie kennt, kann sie kreativ brechen. In diesem Workshop lernen Jugendliche, wie Köpfe, Augen und Frisuren im Manga-Stil aufgebaut werden und wie man Gefühle mit wenigen Strichen zeigt.\n\nWir zeichnen Figuren in Bewegung, probieren Screentones aus und entwerfen zum Schluss einen eigenen Charakter mit Steckbrief.\n\nJonas bringt Originalseiten und Skizzenbücher mit und erzählt, wie ein Comic vom Entwurf bis zum Druck entsteht.",
      "У манги свои законы — и кто их знает, может творчески их нарушать. На мастер-классе подростки узнают, как строятся голова, глаза и причёски в стиле манги и как передать эмоции несколькими линиями.\n\nМы рисуем персонажей в движении, пробуем скринтоны, а в конце каждый придумывает своего героя с анкетой.\n\nЙонас принесёт оригинальные страницы и скетчбуки и расскажет, как комикс проходит путь от эскиза до печати.",
    ),
    program: l(
      "- Kopf und Gesicht im Manga-Stil\n- Augen, Frisuren und Emotionen\n- Körper und Posen\n- Screentones und Schraffuren\n- Eigener Charakter mit Steckbrief",
      "- Голова и лицо в стиле манги\n- Глаза, причёски и эмоции\n- Тело и позы\n- Скринтоны и штриховка\n- Свой персонаж с анкетой",
    ),
    length: l("4 Stunden mit Pause", "4 часа с перерывом"),
    seoText: l(
      "Manga-Zeichenworkshop für Jugendliche ab 12 Jahren in Berlin mit einem Comiczeichner. Figuren, Gesichter und Posen im Manga-Stil.",
      "Мастер-класс по рисованию манги для подростков от 12 лет в Берлине с художником комиксов. Персонажи, лица и позы.",
    ),
    qna: [
      MATERIAL_QA,
      qa(
        l("Muss man schon gut zeichnen können?", "Нужно ли уже хорошо рисовать?"),
        l(
          "Nein. Anfängerinnen und Fortgeschrittene arbeiten im eigenen Tempo; Jonas hilft allen individuell.",
          "Нет. Начинающие и опытные работают в своём темпе, Йонас помогает каждому.",
        ),
      ),
      LATE_QA,
    ],
    refundDaysBefore: LATE_REFUND_DAYS,
    titleImageAlt: l(
      "Manga-Figur mit großen Augen auf einem Skizzenblock",
      "Персонаж манги с большими глазами в скетчбуке",
    ),
    studentWorks: ["comic-page"],
    datedSlots: [
      { date: "2027-03-06", start: "13:00", end: "17:00", seats: 12, instructor: "jonas-becker" },
      { date: "2027-05-08", start: "13:00", end: "17:00", seats: 12, instructor: "jonas-becker" },
    ],
    purchaseOptions: [ticket(4500)],
  },
  {
    slug: "linoldruck-workshop",
    productType: "Workshop",
    category: "zeichnen",
    ageGroup: "14+",
    language: "de",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova"],
    name: l("Linoldruck: Motive schneiden und drucken", "Линогравюра: режем и печатаем"),
    summary: l(
      "Vom Entwurf zum fertigen Druck: Jugendliche ab 14 schneiden eigene Linolplatten und drucken Karten und Poster.",
      "От эскиза до готового оттиска: подростки от 14 лет вырезают свои линогравюры и печатают открытки и плакаты.",
    ),
    body: l(
      "Linoldruck ist eine der ehrlichsten Drucktechniken: Was man wegschneidet, bleibt weiß, was stehen bleibt, wird schwarz. In diesem Workshop entwerfen die Teilnehmenden ein Motiv, übertragen es spiegelverkehrt auf die Platte und schneiden es mit Hohleisen aus.\n\nGedruckt wird mit der Handwalze und unserer Druckpresse – erst schwarz-weiß, dann mit mehreren Farben. Jede Person nimmt eine kleine Auflage eigener Karten oder ein Poster mit nach Hause.\n\nWir achten auf sicheres Arbeiten mit den Schneidwerkzeugen; Schutzhandschuhe liegen bereit.",
      "Линогравюра — одна из самых честных печатных техник: что вырезал — останется белым, что оставил — станет чёрным. На мастер-классе участники придумывают мотив, переводят его на линолеум в зеркальном виде и вырезают штихелями.\n\nПечатаем валиком и на нашем станке — сначала чёрно-белые оттиски, потом в несколько цветов. Каждый уносит домой небольшой тираж своих открыток или плакат.\n\nМы следим за безопасной работой с резцами, защитные перчатки есть.",
    ),
    program: l(
      "- Motiv entwerfen und spiegeln\n- Schneiden mit Hohleisen\n- Probedruck mit der Handwalze\n- Mehrfarbiger Druck\n- Eigene Kartenauflage",
      "- Эскиз и зеркальный перенос\n- Работа штихелями\n- Пробный оттиск валиком\n- Многоцветная печать\n- Свой тираж открыток",
    ),
    length: l("3,5 Stunden", "3,5 часа"),
    seoText: l(
      "Linoldruck-Workshop für Jugendliche ab 14 und Erwachsene in Berlin Prenzlauer Berg: Motive schneiden und eigene Karten drucken.",
      "Мастер-класс по линогравюре для подростков от 14 лет и взрослых в Берлине: вырезаем мотив и печатаем свои открытки.",
    ),
    qna: [MATERIAL_QA, LATE_QA],
    refundDaysBefore: LATE_REFUND_DAYS,
    titleImageAlt: l("Linolplatte, Walze und ein Druck mit Vogelmotiv", "Линолеум, валик и оттиск с птицей"),
    studentWorks: ["still-life"],
    datedSlots: [
      { date: "2027-01-23", start: "14:00", end: "17:30", seats: 10, instructor: "anna-petrova" },
      { date: "2027-10-16", start: "14:00", end: "17:30", seats: 10, instructor: "anna-petrova" },
    ],
    purchaseOptions: [ticket(5500)],
  },
  {
    slug: "arduino-workshop-blinklicht-sensoren",
    productType: "Workshop",
    category: "robotik",
    ageGroup: "12+",
    language: "de-en",
    location: LOCATIONS.kastanienallee,
    instructors: ["felix-neumann"],
    name: l("Elektronik-Workshop: Blinklicht und Sensoren", "Мастер-класс по электронике: огоньки и датчики"),
    summary: l(
      "Stecken, löten, programmieren: Jugendliche ab 12 bauen eine Nachtlicht-Schaltung mit Mikrocontroller und nehmen sie mit.",
      "Собираем, паяем, программируем: подростки от 12 лет делают ночник на микроконтроллере и забирают его домой.",
    ),
    body: l(
      "Wie weiß eine Lampe, dass es dunkel wird? In diesem Workshop bauen Jugendliche eine Schaltung mit Mikrocontroller, LEDs und Lichtsensor und programmieren ein Nachtlicht, das sich selbst einschaltet.\n\nFelix erklärt Strom, Widerstände und Steckbrett so, dass es jeder versteht. Danach wird programmiert: Farben wechseln, Helligkeit regeln, auf Bewegung reagieren.\n\nDer Bausatz ist im Preis enthalten und darf mit nach Hause – mit Anleitung für eigene Experimente.",
      "Откуда лампа знает, что стемнело? На мастер-классе подростки собирают схему с микроконтроллером, светодиодами и датчиком света и программируют ночник, который включается сам.\n\nФеликс понятно объясняет, что такое ток, резисторы и макетная плата. Потом программируем: меняем цвета, регулируем яркость, реагируем на движение.\n\nНабор входит в стоимость и остаётся у участника — вместе с инструкцией для собственных экспериментов.",
    ),
    program: l(
      "- Strom, Spannung, Widerstand\n- Schaltung auf dem Steckbrett\n- LEDs und Lichtsensor\n- Programmieren des Mikrocontrollers\n- Nachtlicht zum Mitnehmen",
      "- Ток, напряжение, сопротивление\n- Схема на макетной плате\n- Светодиоды и датчик освещённости\n- Программируем микроконтроллер\n- Ночник, который можно забрать",
    ),
    length: l("4 Stunden", "4 часа"),
    seoText: l(
      "Elektronik- und Programmierworkshop für Jugendliche ab 12 Jahren in Berlin: Mikrocontroller, LEDs und Sensoren, Bausatz inklusive.",
      "Мастер-класс по электронике и программированию для подростков от 12 лет в Берлине: микроконтроллер, светодиоды и датчики, набор включён.",
    ),
    qna: [
      qa(
        l("Wird gelötet?", "Будем ли паять?"),
        l(
          "Ein wenig, unter Aufsicht und mit Schutzbrillen. Wer nicht löten möchte, nutzt Steckverbindungen.",
          "Немного, под присмотром и в защитных очках. Кто не хочет паять, использует разъёмы.",
        ),
      ),
      MATERIAL_QA,
      LATE_QA,
    ],
    refundDaysBefore: LATE_REFUND_DAYS,
    titleImageAlt: l(
      "Platine mit leuchtenden LEDs und Kabeln",
      "Плата со светящимися светодиодами и проводами",
    ),
    studentWorks: ["robot"],
    datedSlots: [
      { date: "2027-02-20", start: "12:00", end: "16:00", seats: 10, instructor: "felix-neumann" },
      { date: "2027-09-18", start: "12:00", end: "16:00", seats: 10, instructor: "felix-neumann" },
    ],
    purchaseOptions: [ticket(6500)],
  },
  {
    slug: "laternen-basteln-familie",
    productType: "Workshop",
    category: "malerei",
    ageGroup: "5-7",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova"],
    name: l("Laternen basteln für Sankt Martin", "Мастерим фонарики ко дню Святого Мартина"),
    summary: l(
      "Kleben, malen, leuchten lassen: Kinder von 5 bis 7 basteln mit ihren Eltern eine eigene Laterne für den Martinsumzug.",
      "Клеим, рисуем, зажигаем: дети 5–7 лет вместе с родителями мастерят свой фонарик для шествия в день Святого Мартина.",
    ),
    body: l(
      "Im November ziehen in Berlin überall Kinder mit Laternen durch die Straßen. In unserem Familienworkshop entsteht dafür eine ganz eigene Laterne – ein Igel, ein Mond, ein Fuchs oder ein bunter Fisch.\n\nWir bemalen Transparentpapier, schneiden Formen aus und bauen die Laterne zusammen. Währenddessen hören wir die Geschichte von Sankt Martin und lernen ein Laternenlied auf Deutsch und Russisch.\n\nEin Elternteil begleitet das Kind; das Ticket gilt für ein Kind mit Begleitung.",
      "В ноябре по всему Берлину дети гуляют с фонариками. На семейном мастер-классе мы сделаем для этого собственный фонарик — ёжика, луну, лисичку или яркую рыбку.\n\nРасписываем кальку, вырезаем фигуры и собираем фонарик. А пока работаем, слушаем историю о Святом Мартине и разучиваем песню про фонарики на немецком и русском.\n\nРебёнка сопровождает один из родителей; билет действует на одного ребёнка со взрослым.",
    ),
    program: l(
      "- Geschichte von Sankt Martin\n- Motiv auswählen und bemalen\n- Ausschneiden und zusammenkleben\n- Laternenlied singen\n- Leuchtprobe mit LED-Stab",
      "- История о Святом Мартине\n- Выбираем и раскрашиваем мотив\n- Вырезаем и склеиваем\n- Поём песню про фонарики\n- Зажигаем фонарик со светодиодной палочкой",
    ),
    length: l("2 Stunden", "2 часа"),
    seoText: l(
      "Laternen-Bastelworkshop für Familien mit Kindern von 5 bis 7 Jahren in Berlin, zweisprachig Deutsch–Russisch, zum Martinsfest 2027.",
      "Семейный мастер-класс по изготовлению фонариков для детей 5–7 лет в Берлине, на немецком и русском, ко дню Святого Мартина 2027.",
    ),
    qna: [
      qa(
        l("Ist der Leuchtstab dabei?", "Палочка с фонариком входит в стоимость?"),
        l("Ja, ein LED-Laternenstab ist im Ticket enthalten.", "Да, светодиодная палочка включена в билет."),
      ),
      qa(
        l("Dürfen Geschwister mitkommen?", "Можно ли прийти с братьями и сёстрами?"),
        l(
          "Gern – jedes bastelnde Kind braucht ein eigenes Ticket, Babys und Kleinkinder sind frei.",
          "Конечно, каждому ребёнку, который мастерит, нужен свой билет; малыши бесплатно.",
        ),
      ),
    ],
    titleImageAlt: l(
      "Bunte Papierlaternen in Form von Mond und Igel",
      "Разноцветные бумажные фонарики в форме луны и ёжика",
    ),
    studentWorks: ["sunflowers"],
    datedSlots: [
      { date: "2027-10-30", start: "10:00", end: "12:00", seats: 12, instructor: "anna-petrova" },
      { date: "2027-11-06", start: "10:00", end: "12:00", seats: 12, instructor: "anna-petrova" },
    ],
    purchaseOptions: [ticket(3500, l("Ticket: ein Kind mit Begleitung", "Билет: ребёнок со взрослым"))],
  },
];

import { LOCATIONS } from "../locations.ts";
import { courseOptions, LONG_COURSE, STANDARD_COURSE, STANDARD_COURSE_3X } from "../purchase-options.ts";
import { l, type ProductSeed, qa } from "../types.ts";

const MIN_60 = l("60 Minuten", "60 минут");
const MIN_90 = l("90 Minuten", "90 минут");

const TRIAL_QA = qa(
  l("Kann mein Kind eine Probestunde besuchen?", "Можно ли прийти на пробное занятие?"),
  l(
    "Ja, gerne. Über den Button „Probestunde anfragen“ wählen Sie einen Termin; die erste Stunde ist kostenlos.",
    "Да, конечно. Нажмите «Записаться на пробное занятие» и выберите дату — первое занятие бесплатное.",
  ),
);
const CANCEL_QA = qa(
  l("Wie kann ich das Abo kündigen?", "Как отменить абонемент?"),
  l(
    "Das Monatsabo ist jederzeit zum Ende des laufenden Monats kündbar – mit einem Klick in Ihrem Profil.",
    "Ежемесячный абонемент можно отменить в любой момент до конца текущего месяца — одним нажатием в профиле.",
  ),
);
const MISSED_QA = qa(
  l("Was passiert, wenn mein Kind eine Stunde verpasst?", "Что будет, если ребёнок пропустит занятие?"),
  l(
    "Sagen Sie bis 24 Stunden vorher ab, dann kann die Stunde innerhalb von vier Wochen in einer anderen Gruppe nachgeholt werden.",
    "Если вы предупредите нас за 24 часа, занятие можно отработать в другой группе в течение четырёх недель.",
  ),
);

export const COURSES: ProductSeed[] = [
  {
    slug: "kleine-maler-5-7",
    productType: "Course",
    category: "malerei",
    ageGroup: "5-7",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova"],
    isFeatured: true,
    name: l("Kleine Maler", "Маленькие художники"),
    summary: l(
      "Farben mischen, mit Pinsel, Schwamm und Fingern malen: der erste Malkurs für neugierige Kinder von 5 bis 7 Jahren.",
      "Смешиваем краски, рисуем кистью, губкой и пальчиками: первый курс живописи для любознательных детей 5–7 лет.",
    ),
    body: l(
      "In unserem Kurs für die Jüngsten entdecken Kinder, was Farben alles können. Wir malen mit Gouache, Wasserfarben und Wachsmalkreiden, drucken mit Kartoffeln und Blättern und gestalten große Gemeinschaftsbilder.\n\nJede Stunde beginnt mit einer kleinen Geschichte, die zum Thema hinführt – mal ist es ein Tier aus dem Zoo, mal ein Herbstbaum aus dem Park. Die Kinder lernen spielerisch Grundfarben und Mischfarben kennen, üben die Haltung des Pinsels und trauen sich, eigene Ideen umzusetzen.\n\nDer Kurs findet zweisprachig auf Deutsch und Russisch statt. Kinder, die gerade eine der beiden Sprachen lernen, fühlen sich bei uns schnell zu Hause. Kittel und alle Materialien stellen wir.",
      "На курсе для самых маленьких дети узнают, на что способны краски. Мы рисуем гуашью, акварелью и восковыми мелками, печатаем картошкой и листьями и создаём большие общие картины.\n\nКаждое занятие начинается с короткой истории, которая вводит в тему: то это зверь из зоопарка, то осеннее дерево из парка. Дети в игре знакомятся с основными и составными цветами, учатся правильно держать кисть и не боятся воплощать собственные идеи.\n\nЗанятия проходят на двух языках — немецком и русском. Дети, которые только учат один из языков, быстро чувствуют себя у нас как дома. Фартуки и все материалы мы предоставляем.",
    ),
    program: l(
      "- Grundfarben und Mischfarben\n- Malen mit Gouache und Wasserfarben\n- Drucken mit Naturmaterialien\n- Tiere, Jahreszeiten und Märchenfiguren\n- Gemeinschaftsbild für unsere Ausstellung im Juni",
      "- Основные и составные цвета\n- Рисуем гуашью и акварелью\n- Печать природными материалами\n- Животные, времена года и сказочные герои\n- Общая картина для нашей выставки в июне",
    ),
    length: MIN_60,
    seoText: l(
      "Malkurs für Kinder von 5 bis 7 Jahren in Berlin Prenzlauer Berg, zweisprachig auf Deutsch und Russisch. Kleine Gruppen, alle Materialien inklusive.",
      "Курс живописи для детей 5–7 лет в Берлине (Пренцлауэр-Берг) на немецком и русском языках. Маленькие группы, все материалы включены.",
    ),
    qna: [
      TRIAL_QA,
      qa(
        l("Muss mein Kind schon malen können?", "Нужно ли уметь рисовать?"),
        l(
          "Nein. Der Kurs ist für Anfänger gedacht; es zählt die Freude am Ausprobieren.",
          "Нет. Курс рассчитан на начинающих, главное — желание пробовать.",
        ),
      ),
      CANCEL_QA,
    ],
    titleImageAlt: l(
      "Kinderhände mit Pinseln und bunten Farbklecksen",
      "Детские руки с кисточками и яркими пятнами краски",
    ),
    studentWorks: ["sunflowers", "city-night"],
    weeklySlots: [
      { weekday: 0, start: "16:00", end: "17:00", seats: 8, instructor: "anna-petrova" },
      { weekday: 2, start: "16:00", end: "17:00", seats: 8, instructor: "anna-petrova" },
      { weekday: 5, start: "10:00", end: "11:00", seats: 10, instructor: "anna-petrova" },
    ],
    purchaseOptions: courseOptions(STANDARD_COURSE_3X),
  },
  {
    slug: "akademisches-zeichnen-12",
    productType: "Course",
    category: "zeichnen",
    ageGroup: "12+",
    language: "ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova"],
    name: l("Akademisches Zeichnen", "Академический рисунок"),
    summary: l(
      "Perspektive, Licht und Schatten, Proportionen: klassisches Zeichnen für Jugendliche ab 12, auch zur Vorbereitung auf Mappen.",
      "Перспектива, свет и тень, пропорции: классический рисунок для подростков от 12 лет, в том числе для подготовки портфолио.",
    ),
    body: l(
      "Wer gut zeichnen will, braucht ein sicheres Auge und eine ruhige Hand. In diesem Kurs lernen Jugendliche die Grundlagen des akademischen Zeichnens, wie sie an Kunstschulen in Sankt Petersburg und Berlin unterrichtet werden.\n\nWir beginnen mit geometrischen Körpern, gehen über zum Stillleben und zeichnen später Gipsköpfe und Porträts. Dabei geht es um Konstruktion, Perspektive, Tonwerte und die Wirkung von Licht.\n\nDer Kurs wird auf Russisch geführt. Er eignet sich für Jugendliche, die sich auf eine Mappe für ein Kunstgymnasium oder ein Studium vorbereiten, und für alle, die einfach besser zeichnen möchten.",
      "Чтобы хорошо рисовать, нужен точный глаз и уверенная рука. На этом курсе подростки осваивают основы академического рисунка так, как их преподают в художественных школах Санкт-Петербурга и Берлина.\n\nМы начинаем с геометрических тел, переходим к натюрморту, а затем рисуем гипсовые головы и портреты. Речь идёт о построении, перспективе, тональных отношениях и о том, как работает свет.\n\nЗанятия ведутся на русском языке. Курс подойдёт тем, кто готовит портфолио для поступления в художественную гимназию или вуз, и всем, кто просто хочет рисовать лучше.",
    ),
    program: l(
      "- Geometrische Körper und Perspektive\n- Licht, Schatten und Tonwerte\n- Stillleben mit Draperie\n- Gipskopf und Porträt\n- Schnelle Skizzen nach dem Modell\n- Mappenberatung",
      "- Геометрические тела и перспектива\n- Свет, тень и тон\n- Натюрморт с драпировкой\n- Гипсовая голова и портрет\n- Быстрые наброски с натуры\n- Консультация по портфолио",
    ),
    length: MIN_90,
    seoText: l(
      "Akademisches Zeichnen für Jugendliche ab 12 Jahren in Berlin, auf Russisch. Mappenvorbereitung für Kunstgymnasium und Studium.",
      "Академический рисунок для подростков от 12 лет в Берлине на русском языке. Подготовка портфолио для художественной гимназии и вуза.",
    ),
    qna: [
      qa(
        l("Welche Materialien brauche ich?", "Какие материалы нужны?"),
        l(
          "Papier und Staffeleien stellen wir. Bitte bringen Sie Bleistifte von H bis 6B und einen Knetradierer mit.",
          "Бумагу и мольберты мы предоставляем. Принесите, пожалуйста, карандаши от H до 6B и клячку.",
        ),
      ),
      qa(
        l("Hilft der Kurs bei der Mappe?", "Поможет ли курс с портфолио?"),
        l(
          "Ja, einmal im Halbjahr besprechen wir die Arbeiten einzeln und stellen eine Mappe zusammen.",
          "Да, раз в полгода мы индивидуально разбираем работы и собираем портфолио.",
        ),
      ),
      MISSED_QA,
    ],
    titleImageAlt: l(
      "Bleistiftzeichnung eines Stilllebens mit Würfel und Kugel",
      "Карандашный рисунок натюрморта с кубом и шаром",
    ),
    studentWorks: ["still-life"],
    weeklySlots: [
      { weekday: 1, start: "17:30", end: "19:00", seats: 10, instructor: "anna-petrova" },
      { weekday: 3, start: "17:30", end: "19:00", seats: 10, instructor: "anna-petrova" },
    ],
    purchaseOptions: courseOptions(LONG_COURSE),
  },
  {
    slug: "keramik-werkstatt-8-11",
    productType: "Course",
    category: "keramik",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.keramikHof,
    instructors: ["marina-sokolova"],
    isFeatured: true,
    name: l("Keramik-Werkstatt", "Керамическая мастерская"),
    summary: l(
      "Aufbauen, modellieren, glasieren: Kinder formen Schalen, Tiere und kleine Häuser aus Ton und brennen sie im eigenen Ofen.",
      "Лепим, моделируем, глазуруем: дети создают из глины пиалы, зверей и домики и обжигают их в нашей печи.",
    ),
    body: l(
      "In der Keramikwerkstatt im Hof wird geknetet, gerollt und modelliert. Die Kinder lernen die wichtigsten Aufbautechniken kennen – Daumenschale, Wulsttechnik und Plattentechnik – und gestalten daraus eigene Gefäße und Figuren.\n\nNach dem ersten Brand wird glasiert. Die Kinder erleben, wie aus grauem Ton glänzende, farbige Stücke werden, die man wirklich benutzen kann. Alle Arbeiten werden in unserem Brennofen gebrannt und können etwa drei Wochen später abgeholt werden.\n\nDie Gruppe spricht Deutsch und Russisch. Bitte geben Sie Ihrem Kind Kleidung mit, die schmutzig werden darf.",
      "В керамической мастерской во дворе разминают, раскатывают и лепят. Дети осваивают основные техники ручной лепки — щипковую, жгутовую и пластовую — и создают собственные сосуды и фигурки.\n\nПосле первого обжига работы покрывают глазурью. Дети видят, как серая глина превращается в блестящие цветные вещи, которыми можно пользоваться. Все работы обжигаются в нашей печи, забрать их можно примерно через три недели.\n\nВ группе говорят по-немецки и по-русски. Пожалуйста, дайте ребёнку одежду, которую не жалко испачкать.",
    ),
    program: l(
      "- Ton kennenlernen: kneten, rollen, verbinden\n- Daumenschale und Wulsttechnik\n- Plattentechnik: Häuser und Kästchen\n- Tierfiguren modellieren\n- Engoben und Glasuren\n- Brand und Präsentation",
      "- Знакомство с глиной: разминаем, раскатываем, соединяем\n- Щипковая и жгутовая техника\n- Пластовая техника: домики и шкатулки\n- Лепка фигурок животных\n- Ангобы и глазури\n- Обжиг и выставка",
    ),
    length: MIN_90,
    seoText: l(
      "Keramikkurs für Kinder von 8 bis 11 Jahren in Berlin Prenzlauer Berg. Töpfern, Modellieren und Glasieren in kleiner Gruppe, auf Deutsch und Russisch.",
      "Курс керамики для детей 8–11 лет в Берлине (Пренцлауэр-Берг). Лепка, моделирование и глазурь в маленькой группе на немецком и русском.",
    ),
    qna: [
      qa(
        l("Sind Ton und Brennen im Preis enthalten?", "Входят ли глина и обжиг в стоимость?"),
        l(
          "Ja, Ton, Glasuren und das Brennen aller Kursarbeiten sind inklusive.",
          "Да, глина, глазури и обжиг всех работ курса включены в цену.",
        ),
      ),
      qa(
        l("Wann kann ich die Arbeiten abholen?", "Когда можно забрать работы?"),
        l(
          "Nach dem Glasurbrand, meist drei Wochen nach der Stunde. Wir sagen Bescheid.",
          "После обжига с глазурью, обычно через три недели после занятия. Мы сообщим.",
        ),
      ),
      TRIAL_QA,
    ],
    titleImageAlt: l(
      "Getöpferte Schale und Vase auf einer Drehscheibe",
      "Глиняная пиала и ваза на гончарном круге",
    ),
    studentWorks: ["ceramic-bowl", "ceramic-animals"],
    weeklySlots: [
      { weekday: 1, start: "16:00", end: "17:30", seats: 8, instructor: "marina-sokolova" },
      { weekday: 4, start: "15:30", end: "17:00", seats: 8, instructor: "marina-sokolova" },
    ],
    purchaseOptions: courseOptions(LONG_COURSE),
  },
  {
    slug: "comic-zeichnen-10",
    productType: "Course",
    category: "comics",
    ageGroup: "10+",
    language: "de-en",
    location: LOCATIONS.kastanienallee,
    instructors: ["jonas-becker"],
    name: l("Comic-Zeichnen", "Рисуем комиксы"),
    summary: l(
      "Eigene Helden erfinden, Panels planen, Sprechblasen setzen: in einem Halbjahr entsteht ein eigenes Comicheft.",
      "Придумываем героев, планируем кадры, рисуем облачка с репликами: за полгода появляется собственный комикс.",
    ),
    body: l(
      "Comics sind Kunst und Erzählen zugleich. In diesem Kurs erfinden Kinder eigene Figuren, entwickeln Geschichten und lernen, wie man sie Bild für Bild erzählt.\n\nJonas zeigt Techniken aus dem Alltag eines Zeichners: Charakterdesign, Gesichtsausdrücke, Bewegung, Bildaufteilung und das Lettering. Wir arbeiten mit Bleistift, Tusche und Markern und probieren auch das Zeichnen am Tablet aus.\n\nDer Kurs findet auf Deutsch statt; englische Fachbegriffe und Beispiele aus internationalen Comics gehören dazu. Zum Abschluss drucken wir die besten Seiten als gemeinsames Heft.",
      "Комикс — это одновременно искусство и рассказ. На курсе дети придумывают собственных персонажей, сочиняют истории и учатся рассказывать их кадр за кадром.\n\nЙонас показывает приёмы из повседневной работы художника: дизайн персонажа, мимику, движение, раскадровку и леттеринг. Мы работаем карандашом, тушью и маркерами и пробуем рисовать на планшете.\n\nЗанятия проходят на немецком, с английскими терминами и примерами из мировых комиксов. В конце мы печатаем лучшие страницы в общем сборнике.",
    ),
    program: l(
      "- Figuren entwerfen: Formen, Gesichter, Gefühle\n- Bewegung und Perspektive\n- Storyboard und Panelaufteilung\n- Sprechblasen und Lettering\n- Tusche, Marker und digitales Zeichnen\n- Unser gemeinsames Comicheft",
      "- Создаём персонажей: формы, лица, эмоции\n- Движение и перспектива\n- Раскадровка и композиция страницы\n- Облачка с репликами и леттеринг\n- Тушь, маркеры и цифровой рисунок\n- Наш общий сборник комиксов",
    ),
    length: MIN_90,
    seoText: l(
      "Comic-Kurs für Kinder und Jugendliche ab 10 Jahren in Berlin. Figuren, Storyboards und ein eigenes Comicheft mit einem Berliner Illustrator.",
      "Курс комиксов для детей и подростков от 10 лет в Берлине. Персонажи, раскадровки и собственный комикс с берлинским иллюстратором.",
    ),
    qna: [
      qa(
        l("Braucht mein Kind ein Tablet?", "Нужен ли ребёнку планшет?"),
        l(
          "Nein. Wir arbeiten vor allem auf Papier; für die digitalen Stunden haben wir Tablets in der Schule.",
          "Нет. В основном мы работаем на бумаге, а для цифровых занятий в школе есть планшеты.",
        ),
      ),
      qa(
        l("Ist der Kurs auch für Manga-Fans?", "Подойдёт ли курс фанатам манги?"),
        l(
          "Unbedingt. Jede Stilrichtung ist willkommen; für Manga gibt es außerdem unseren Workshop.",
          "Конечно. Любой стиль приветствуется, а для манги у нас есть ещё и отдельный мастер-класс.",
        ),
      ),
      MISSED_QA,
    ],
    titleImageAlt: l(
      "Comicseite mit Sprechblasen und einer Katze als Held",
      "Страница комикса с облачками реплик и котом-героем",
    ),
    studentWorks: ["comic-page"],
    weeklySlots: [{ weekday: 2, start: "17:00", end: "18:30", seats: 10, instructor: "jonas-becker" }],
    purchaseOptions: courseOptions({ perWeek: { 1: 9900 }, meetingCard: 27000 }),
  },
  {
    slug: "deutsch-mit-spass-8-11",
    productType: "Course",
    category: "sprachen",
    ageGroup: "8-11",
    language: "de",
    location: LOCATIONS.wilmersdorfer,
    instructors: ["lena-hoffmann"],
    name: l("Deutsch mit Spaß", "Немецкий с удовольствием"),
    summary: l(
      "Deutsch als Zweitsprache für Kinder von 8 bis 11: sprechen, lesen und schreiben mit Spielen, Liedern und Geschichten.",
      "Немецкий как второй язык для детей 8–11 лет: говорим, читаем и пишем с помощью игр, песен и историй.",
    ),
    body: l(
      "Dieser Kurs ist für Kinder, die Deutsch als zweite Sprache lernen – ob sie gerade erst nach Berlin gekommen sind oder schon länger hier leben und in der Schule sicherer werden möchten.\n\nIn kleinen Gruppen von höchstens acht Kindern wird viel gesprochen. Wir spielen Alltagssituationen nach, lesen kurze Bücher, schreiben kleine Texte und wiederholen den Wortschatz aus dem Schulunterricht. Grammatik erklären wir kindgerecht und mit vielen Beispielen.\n\nZu Beginn machen wir einen kurzen Einstufungstest, damit jedes Kind in die passende Gruppe kommt. Zweimal im Jahr bekommen die Eltern eine Rückmeldung zum Lernstand.",
      "Этот курс для детей, которые учат немецкий как второй язык: и для тех, кто только что переехал в Берлин, и для тех, кто живёт здесь давно и хочет увереннее чувствовать себя в школе.\n\nВ маленьких группах — не больше восьми детей — много говорят. Мы разыгрываем бытовые ситуации, читаем короткие книжки, пишем небольшие тексты и повторяем лексику школьной программы. Грамматику объясняем понятно и на множестве примеров.\n\nВ начале проводим короткое тестирование, чтобы каждый ребёнок попал в подходящую группу. Дважды в год родители получают отзыв об успехах.",
    ),
    program: l(
      "- Sprechen im Alltag: Schule, Freizeit, Familie\n- Lesen: kurze Geschichten und Sachtexte\n- Schreiben: Briefe, Nacherzählungen, kleine Berichte\n- Wortschatz passend zum Berliner Rahmenlehrplan\n- Grammatik: Artikel, Fälle, Zeitformen\n- Spiele, Lieder und Rollenspiele",
      "- Разговорная речь: школа, досуг, семья\n- Чтение: короткие рассказы и познавательные тексты\n- Письмо: письма, пересказы, небольшие сообщения\n- Лексика по берлинской школьной программе\n- Грамматика: артикли, падежи, времена\n- Игры, песни и ролевые игры",
    ),
    length: MIN_60,
    seoText: l(
      "Deutschkurs für Kinder von 8 bis 11 Jahren in Berlin-Charlottenburg. Deutsch als Zweitsprache in kleinen Gruppen, passend zur Schule.",
      "Курс немецкого языка для детей 8–11 лет в Берлине (Шарлоттенбург). Немецкий как второй язык в маленьких группах, в помощь школе.",
    ),
    qna: [
      qa(
        l(
          "Mein Kind spricht noch fast kein Deutsch. Passt der Kurs?",
          "Мой ребёнок почти не говорит по-немецки. Подойдёт ли курс?",
        ),
        l(
          "Ja. Nach dem Einstufungstest kommt Ihr Kind in eine Anfängergruppe; die Lehrerin versteht bei Bedarf auch ein wenig Russisch.",
          "Да. После тестирования ребёнок попадёт в группу для начинающих; при необходимости учительница немного понимает по-русски.",
        ),
      ),
      qa(
        l("Helfen Sie auch bei Hausaufgaben?", "Помогаете ли вы с домашними заданиями?"),
        l(
          "Wir greifen Themen aus der Schule auf. Eine reine Hausaufgabenhilfe ist der Kurs aber nicht.",
          "Мы разбираем темы из школьной программы, но это не продлёнка с домашними заданиями.",
        ),
      ),
      CANCEL_QA,
    ],
    titleImageAlt: l("Bunte Buchstaben und ein aufgeschlagenes Buch", "Разноцветные буквы и открытая книга"),
    weeklySlots: [
      { weekday: 0, start: "15:00", end: "16:00", seats: 8, instructor: "lena-hoffmann" },
      { weekday: 2, start: "15:00", end: "16:00", seats: 8, instructor: "lena-hoffmann" },
      { weekday: 4, start: "15:00", end: "16:00", seats: 8, instructor: "lena-hoffmann" },
    ],
    purchaseOptions: courseOptions(STANDARD_COURSE_3X),
  },
  {
    slug: "russisch-lesen-schreiben-5-7",
    productType: "Course",
    category: "sprachen",
    ageGroup: "5-7",
    language: "ru",
    location: LOCATIONS.wilmersdorfer,
    instructors: ["olga-kuznetsova"],
    isFeatured: true,
    name: l("Russisch: Lesen und Schreiben", "Русский язык: чтение и письмо"),
    summary: l(
      "Für zweisprachige Kinder von 5 bis 7: Buchstaben, erste Wörter und Märchen – damit die Familiensprache lebendig bleibt.",
      "Для детей-билингвов 5–7 лет: буквы, первые слова и сказки — чтобы язык семьи оставался живым.",
    ),
    body: l(
      "Viele Kinder in Berlin sprechen zu Hause Russisch, lesen und schreiben aber nur auf Deutsch. In diesem Kurs lernen sie spielerisch das kyrillische Alphabet, lesen erste Silben und Wörter und schreiben ihre ersten Sätze.\n\nOlga arbeitet mit Märchen, Reimen und Bildkarten. Jedes Kind gestaltet im Laufe des Jahres ein eigenes kleines Buch mit Buchstaben und Zeichnungen. So entsteht die Freude am Lesen ganz von selbst.\n\nDer Unterricht ist auf Russisch. Die Kinder sollten Russisch verstehen und ein wenig sprechen; perfekt muss es nicht sein.",
      "Многие дети в Берлине говорят дома по-русски, но читать и писать умеют только по-немецки. На этом курсе они в игре осваивают кириллический алфавит, читают первые слоги и слова и пишут первые предложения.\n\nОльга работает со сказками, стихами и карточками с картинками. За год каждый ребёнок делает собственную маленькую книжку с буквами и рисунками. Так любовь к чтению появляется сама собой.\n\nЗанятия проходят на русском языке. Ребёнок должен понимать русскую речь и немного говорить; идеально владеть языком не обязательно.",
    ),
    program: l(
      "- Das russische Alphabet in Bildern und Reimen\n- Laute und Silben lesen\n- Druck- und Schreibschrift\n- Märchen hören, nacherzählen, malen\n- Mein erstes eigenes Buch\n- Kleine Aufführung zum Jahresende",
      "- Русский алфавит в картинках и стихах\n- Звуки и чтение по слогам\n- Печатные и прописные буквы\n- Слушаем, пересказываем и рисуем сказки\n- Моя первая книжка\n- Маленький праздник в конце года",
    ),
    length: MIN_60,
    seoText: l(
      "Russischkurs für zweisprachige Kinder von 5 bis 7 Jahren in Berlin-Charlottenburg: Lesen und Schreiben lernen mit Märchen und Spielen.",
      "Русский язык для детей-билингвов 5–7 лет в Берлине (Шарлоттенбург): учимся читать и писать со сказками и играми.",
    ),
    qna: [
      qa(
        l(
          "Mein Kind versteht Russisch, antwortet aber auf Deutsch. Ist das ein Problem?",
          "Ребёнок понимает по-русски, но отвечает по-немецки. Это проблема?",
        ),
        l(
          "Nein, das ist typisch für zweisprachige Kinder. Im Kurs ermutigen wir sie behutsam, Russisch zu sprechen.",
          "Нет, это типично для билингвов. На занятиях мы бережно поощряем детей говорить по-русски.",
        ),
      ),
      qa(
        l("Gibt es Hausaufgaben?", "Будут ли домашние задания?"),
        l(
          "Kleine, freiwillige Aufgaben für zehn Minuten – am besten gemeinsam mit den Eltern.",
          "Небольшие необязательные задания минут на десять — лучше всего вместе с родителями.",
        ),
      ),
      TRIAL_QA,
    ],
    titleImageAlt: l("Kyrillische Buchstaben und ein Märchenbuch", "Кириллические буквы и книга сказок"),
    weeklySlots: [
      { weekday: 1, start: "16:00", end: "17:00", seats: 8, instructor: "olga-kuznetsova" },
      { weekday: 5, start: "11:00", end: "12:00", seats: 10, instructor: "olga-kuznetsova" },
    ],
    purchaseOptions: courseOptions(STANDARD_COURSE),
  },
  {
    slug: "english-club-12",
    productType: "Course",
    category: "sprachen",
    ageGroup: "12+",
    language: "en",
    location: LOCATIONS.kastanienallee,
    instructors: ["emily-carter"],
    name: l("English Club", "English Club"),
    summary: l(
      "Englisch sprechen statt pauken: Diskussionen, Debatten und Projekte für Jugendliche ab 12 mit einer Muttersprachlerin.",
      "Говорить, а не зубрить: дискуссии, дебаты и проекты на английском для подростков от 12 лет с носителем языка.",
    ),
    body: l(
      "Im English Club wird ausschließlich Englisch gesprochen. Die Jugendlichen diskutieren über Filme, Musik, Umwelt und Technik, bereiten kurze Präsentationen vor und üben in Debatten, ihre Meinung zu begründen.\n\nEmily korrigiert freundlich und gezielt und erklärt Grammatik dann, wenn sie gebraucht wird. Wer mag, bekommt Tipps zur Vorbereitung auf Cambridge-Prüfungen wie B1 Preliminary oder B2 First.\n\nDie Gruppen werden nach Sprachniveau zusammengestellt; ein Niveau von etwa A2 ist nötig, damit die Gespräche in Gang kommen.",
      "В English Club говорят только по-английски. Подростки обсуждают фильмы, музыку, экологию и технологии, готовят короткие презентации и учатся аргументировать своё мнение в дебатах.\n\nЭмили поправляет доброжелательно и по делу и объясняет грамматику тогда, когда она действительно нужна. Желающие получат советы по подготовке к кембриджским экзаменам B1 Preliminary и B2 First.\n\nГруппы формируются по уровню языка; нужен уровень примерно A2, чтобы разговор пошёл.",
    ),
    program: l(
      "- Konversation: Schule, Hobbys, Zukunftspläne\n- Debatten und Präsentationen\n- Filme, Songs und Kurzgeschichten\n- Wortschatz für Alltag und Schule\n- Grammatik im Zusammenhang\n- Tipps zu Cambridge B1/B2",
      "- Разговор: школа, хобби, планы на будущее\n- Дебаты и презентации\n- Фильмы, песни и короткие рассказы\n- Лексика для жизни и учёбы\n- Грамматика в контексте\n- Советы по экзаменам Cambridge B1/B2",
    ),
    length: MIN_90,
    seoText: l(
      "Englisch-Konversationskurs für Jugendliche ab 12 Jahren in Berlin Prenzlauer Berg, mit einer britischen Muttersprachlerin.",
      "Разговорный английский для подростков от 12 лет в Берлине (Пренцлауэр-Берг) с преподавателем — носителем языка из Великобритании.",
    ),
    qna: [
      qa(
        l("Welches Niveau braucht man?", "Какой нужен уровень?"),
        l(
          "Etwa A2. Wenn Sie unsicher sind, vereinbaren wir ein kurzes Gespräch mit Emily.",
          "Примерно A2. Если сомневаетесь, договоримся о коротком разговоре с Эмили.",
        ),
      ),
      qa(
        l("Bereitet der Kurs auf Prüfungen vor?", "Готовит ли курс к экзаменам?"),
        l(
          "Der Schwerpunkt ist Sprechen. Prüfungstipps gibt es, eine gezielte Prüfungsvorbereitung bieten wir auf Anfrage.",
          "Основной упор — на разговор. Советы по экзаменам будут, а целевую подготовку мы предлагаем по запросу.",
        ),
      ),
      CANCEL_QA,
    ],
    titleImageAlt: l(
      "Sprechblasen mit englischen Wörtern über einer Gruppe",
      "Облачка с английскими словами над группой подростков",
    ),
    weeklySlots: [{ weekday: 3, start: "17:00", end: "18:30", seats: 10, instructor: "emily-carter" }],
    purchaseOptions: courseOptions({ perWeek: { 1: 9900 }, meetingCard: 27000 }),
  },
  {
    slug: "schach-fuer-einsteiger-8-11",
    productType: "Course",
    category: "schach",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.wilmersdorfer,
    instructors: ["dmitry-volkov"],
    isFeatured: true,
    name: l("Schach für Einsteiger", "Шахматы для начинающих"),
    summary: l(
      "Von der ersten Figur bis zur ersten Turnierpartie: Schach lernen mit einem erfahrenen Trainer, auf Deutsch und Russisch.",
      "От первой фигуры до первой турнирной партии: учимся играть в шахматы с опытным тренером на немецком и русском.",
    ),
    body: l(
      "Schach schult Konzentration, Geduld und logisches Denken – und macht einfach Spaß. In diesem Kurs lernen Kinder die Regeln, die wichtigsten Eröffnungsprinzipien und einfache Mattbilder.\n\nJede Stunde besteht aus einer kurzen Lektion am Demonstrationsbrett, Aufgaben zum Lösen und freien Partien gegeneinander. Dmitry achtet darauf, dass alle mitkommen, und hat für schnelle Denker immer eine Extraaufgabe parat.\n\nWer Lust auf mehr hat, spielt bei unserem Kinderturnier mit und kann später in die Fortgeschrittenengruppe wechseln.",
      "Шахматы развивают внимание, терпение и логику — и это просто интересно. На курсе дети изучают правила, главные принципы дебюта и простые матовые комбинации.\n\nКаждое занятие состоит из короткого урока у демонстрационной доски, задач и свободных партий друг с другом. Дмитрий следит, чтобы никто не отставал, а для самых быстрых у него всегда найдётся дополнительная задача.\n\nКто захочет большего, сыграет в нашем детском турнире и позже перейдёт в группу продолжающих.",
    ),
    program: l(
      "- Brett, Figuren und Zugregeln\n- Schach, Matt und Patt\n- Rochade, En passant, Umwandlung\n- Eröffnungsprinzipien\n- Einfache Taktik: Gabel, Fesselung, Spieß\n- Partien mit Schachuhr und Notation",
      "- Доска, фигуры и правила ходов\n- Шах, мат и пат\n- Рокировка, взятие на проходе, превращение\n- Принципы дебюта\n- Простая тактика: вилка, связка, сквозной удар\n- Партии с часами и запись ходов",
    ),
    length: MIN_60,
    seoText: l(
      "Schachkurs für Kinder von 8 bis 11 Jahren in Berlin-Charlottenburg, auf Deutsch und Russisch, mit FIDE-Trainer.",
      "Шахматы для детей 8–11 лет в Берлине (Шарлоттенбург) на немецком и русском языках с тренером ФИДЕ.",
    ),
    qna: [
      qa(
        l(
          "Mein Kind kennt die Regeln schon. Ist der Kurs zu leicht?",
          "Ребёнок уже знает правила. Не будет ли скучно?",
        ),
        l(
          "In der Probestunde schätzt Dmitry das Niveau ein und empfiehlt die passende Gruppe.",
          "На пробном занятии Дмитрий оценит уровень и посоветует подходящую группу.",
        ),
      ),
      qa(
        l("Braucht mein Kind ein eigenes Schachbrett?", "Нужна ли своя доска?"),
        l(
          "Im Unterricht nicht. Für zu Hause empfehlen wir ein einfaches Turnierbrett.",
          "На занятиях — нет. Для дома советуем простую турнирную доску.",
        ),
      ),
      TRIAL_QA,
      CANCEL_QA,
    ],
    titleImageAlt: l("Schachbrett mit Springer und König", "Шахматная доска с конём и королём"),
    weeklySlots: [
      { weekday: 1, start: "16:30", end: "17:30", seats: 12, instructor: "dmitry-volkov" },
      { weekday: 3, start: "16:30", end: "17:30", seats: 12, instructor: "dmitry-volkov" },
      { weekday: 5, start: "12:00", end: "13:00", seats: 12, instructor: "dmitry-volkov" },
    ],
    purchaseOptions: courseOptions(STANDARD_COURSE_3X),
  },
  {
    slug: "musikstudio-5-7",
    productType: "Course",
    category: "musik",
    ageGroup: "5-7",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["maxim-orlov"],
    name: l("Musikstudio für Kinder", "Детская музыкальная студия"),
    summary: l(
      "Singen, trommeln, erste Töne am Klavier: musikalische Früherziehung für Kinder von 5 bis 7 Jahren.",
      "Поём, играем на барабанах, берём первые ноты на фортепиано: раннее музыкальное развитие для детей 5–7 лет.",
    ),
    body: l(
      "Im Musikstudio entdecken Kinder Musik mit allen Sinnen. Wir singen Lieder auf Deutsch und Russisch, spielen Rhythmusspiele mit Trommeln und Klanghölzern und hören uns an, wie ein Klavier von innen klingt.\n\nNach und nach lernen die Kinder Noten lesen, unterscheiden hohe und tiefe Töne und spielen erste kleine Melodien am Klavier und auf dem Glockenspiel. Bewegung und Tanz gehören in jeder Stunde dazu.\n\nZweimal im Jahr laden wir die Familien zu einem kleinen Konzert ein – ein großer Moment für die jungen Musikerinnen und Musiker.",
      "В музыкальной студии дети открывают музыку всеми чувствами. Мы поём песни на немецком и русском, играем в ритмические игры с барабанами и клавесами и слушаем, как звучит фортепиано изнутри.\n\nПостепенно дети учатся читать ноты, различать высокие и низкие звуки и играют первые мелодии на фортепиано и металлофоне. Движение и танец — часть каждого занятия.\n\nДважды в год мы приглашаем семьи на маленький концерт — большое событие для юных музыкантов.",
    ),
    program: l(
      "- Lieder auf Deutsch und Russisch\n- Rhythmus mit Körper und Trommeln\n- Hohe und tiefe Töne, laut und leise\n- Erste Noten\n- Kleine Melodien am Klavier\n- Konzert für die Familien",
      "- Песни на немецком и русском\n- Ритм: хлопаем, топаем, играем на барабанах\n- Высокие и низкие, громкие и тихие звуки\n- Первые ноты\n- Простые мелодии на фортепиано\n- Концерт для родителей",
    ),
    length: l("45 Minuten", "45 минут"),
    seoText: l(
      "Musikalische Früherziehung für Kinder von 5 bis 7 Jahren in Berlin Prenzlauer Berg: Singen, Rhythmus und Klavier, zweisprachig.",
      "Раннее музыкальное развитие для детей 5–7 лет в Берлине (Пренцлауэр-Берг): пение, ритм и фортепиано на двух языках.",
    ),
    qna: [
      qa(
        l("Brauchen wir zu Hause ein Instrument?", "Нужен ли инструмент дома?"),
        l(
          "Nein. Alle Instrumente sind im Studio. Wer später Klavier lernen möchte, bekommt von Maxim eine Empfehlung.",
          "Нет, все инструменты есть в студии. Если ребёнок захочет учиться на фортепиано, Максим подскажет, что выбрать.",
        ),
      ),
      qa(
        l("Dürfen Eltern zuschauen?", "Могут ли родители присутствовать?"),
        l(
          "In der ersten Stunde gern. Danach sind die Kinder unter sich – das hilft der Konzentration.",
          "На первом занятии — пожалуйста. Дальше дети занимаются сами, так им легче сосредоточиться.",
        ),
      ),
      TRIAL_QA,
    ],
    titleImageAlt: l("Noten, ein Klavier und eine kleine Trommel", "Ноты, фортепиано и маленький барабан"),
    weeklySlots: [
      { weekday: 2, start: "16:30", end: "17:15", seats: 8, instructor: "maxim-orlov" },
      { weekday: 4, start: "16:30", end: "17:15", seats: 8, instructor: "maxim-orlov" },
    ],
    purchaseOptions: courseOptions({ perWeek: { 1: 6900, 2: 12900 }, meetingCard: 19000 }),
  },
  {
    slug: "jugendtheater-14",
    productType: "Course",
    category: "theater",
    ageGroup: "14+",
    language: "de",
    location: LOCATIONS.kastanienallee,
    instructors: ["katharina-richter"],
    name: l("Jugendtheater", "Молодёжный театр"),
    summary: l(
      "Improvisieren, Szenen schreiben, auf der Bühne stehen: ein Theaterensemble für Jugendliche ab 14 mit eigener Premiere.",
      "Импровизация, свои сцены и настоящая сцена: театральная труппа для подростков от 14 лет с собственной премьерой.",
    ),
    body: l(
      "Im Jugendtheater entwickeln die Teilnehmenden ein eigenes Stück – aus Improvisationen, eigenen Texten und Szenen aus der Weltliteratur. Katharina begleitet den Prozess von der ersten Idee bis zur Premiere im Sommer.\n\nWir trainieren Stimme, Körper und Präsenz, arbeiten an Figuren und lernen, wie man als Ensemble zusammenspielt. Licht, Musik und Kostüme gestalten die Jugendlichen mit.\n\nTheater stärkt das Selbstvertrauen, hilft bei Referaten und macht einfach Freude. Vorkenntnisse sind nicht nötig, nur Lust, sich auszuprobieren.",
      "В молодёжном театре участники создают собственный спектакль — из импровизаций, своих текстов и сцен из мировой литературы. Катарина сопровождает их от первой идеи до премьеры летом.\n\nМы тренируем голос, тело и сценическое присутствие, работаем над ролями и учимся играть в ансамбле. Свет, музыку и костюмы подростки придумывают вместе с нами.\n\nТеатр укрепляет уверенность в себе, помогает выступать с докладами и просто радует. Опыт не нужен — только желание попробовать.",
    ),
    program: l(
      "- Aufwärmen, Stimme und Atem\n- Improvisation und Spielregeln\n- Figurenarbeit\n- Eigene Szenen schreiben\n- Proben im Ensemble\n- Premiere vor Publikum",
      "- Разминка, голос и дыхание\n- Импровизация\n- Работа над ролью\n- Пишем собственные сцены\n- Репетиции в ансамбле\n- Премьера перед зрителями",
    ),
    length: l("120 Minuten", "120 минут"),
    seoText: l(
      "Theatergruppe für Jugendliche ab 14 Jahren in Berlin Prenzlauer Berg: Improvisation, eigene Stücke und eine Premiere im Sommer.",
      "Театральная студия для подростков от 14 лет в Берлине (Пренцлауэр-Берг): импровизация, свои пьесы и премьера летом.",
    ),
    qna: [
      qa(
        l("Kann man mitten im Jahr einsteigen?", "Можно ли присоединиться в середине года?"),
        l(
          "Bis zu den Osterferien ja; danach proben wir intensiv für die Premiere.",
          "До пасхальных каникул — да, после этого идут интенсивные репетиции премьеры.",
        ),
      ),
      qa(
        l("Muss man viel Text auswendig lernen?", "Придётся ли учить много текста?"),
        l(
          "Das entscheidet jede und jeder mit. Es gibt große und kleine Rollen – und alle sind wichtig.",
          "Каждый решает сам. Есть большие и маленькие роли, и все они важны.",
        ),
      ),
      CANCEL_QA,
    ],
    titleImageAlt: l("Bühne mit rotem Vorhang und Scheinwerfern", "Сцена с красным занавесом и прожекторами"),
    studentWorks: ["stage-masks"],
    weeklySlots: [{ weekday: 4, start: "17:00", end: "19:00", seats: 12, instructor: "katharina-richter" }],
    purchaseOptions: courseOptions({ perWeek: { 1: 8900 }, meetingCard: 25000 }),
  },
  {
    slug: "roboter-bauen-programmieren-10",
    productType: "Course",
    category: "robotik",
    ageGroup: "10+",
    language: "de-en",
    location: LOCATIONS.kastanienallee,
    instructors: ["felix-neumann"],
    name: l("Roboter bauen und programmieren", "Собираем и программируем роботов"),
    summary: l(
      "Motoren, Sensoren, Code: Kinder ab 10 bauen Roboter und programmieren sie erst mit Blöcken, dann mit Python.",
      "Моторы, датчики, код: дети от 10 лет собирают роботов и программируют их сначала блоками, а потом на Python.",
    ),
    body: l(
      "In diesem Kurs wird getüftelt. Die Kinder bauen aus Baukästen und Mikrocontrollern Roboter, die fahren, Linien folgen und Hindernisse erkennen. Programmiert wird zuerst mit Blöcken in Scratch und MakeCode, später in Python.\n\nJedes Projekt beginnt mit einer Aufgabe: Wie bringt man einen Roboter dazu, durch ein Labyrinth zu finden? Die Kinder arbeiten in Zweierteams, testen, verbessern und präsentieren ihre Lösungen.\n\nGesprochen wird Deutsch; Fachbegriffe und Programmiersprachen sind englisch – so lernen die Kinder nebenbei die Sprache der Informatik. Alle Geräte und Laptops stellen wir.",
      "На этом курсе много мастерят. Дети собирают из конструкторов и микроконтроллеров роботов, которые ездят, следуют по линии и замечают препятствия. Программируют сначала блоками в Scratch и MakeCode, а затем на Python.\n\nКаждый проект начинается с задачи: как научить робота найти выход из лабиринта? Дети работают в парах, тестируют, улучшают и представляют свои решения.\n\nЗанятия идут на немецком, а термины и языки программирования — английские, так что дети заодно осваивают язык информатики. Все устройства и ноутбуки мы предоставляем.",
    ),
    program: l(
      "- Motoren, Getriebe und Räder\n- Sensoren: Licht, Abstand, Berührung\n- Programmieren mit Blöcken\n- Schleifen, Bedingungen, Variablen\n- Umstieg auf Python\n- Labyrinth-Challenge zum Abschluss",
      "- Моторы, передачи и колёса\n- Датчики: свет, расстояние, касание\n- Программирование блоками\n- Циклы, условия, переменные\n- Переход на Python\n- Финальное испытание «Лабиринт»",
    ),
    length: MIN_90,
    seoText: l(
      "Robotik- und Programmierkurs für Kinder ab 10 Jahren in Berlin: Roboter bauen, Scratch und Python lernen, alle Geräte inklusive.",
      "Курс робототехники и программирования для детей от 10 лет в Берлине: собираем роботов, учим Scratch и Python, всё оборудование включено.",
    ),
    qna: [
      qa(
        l("Braucht mein Kind Vorkenntnisse?", "Нужны ли знания заранее?"),
        l(
          "Nein. Lesen und ein bisschen Geduld genügen; wir fangen bei null an.",
          "Нет. Достаточно уметь читать и немного терпения — начинаем с нуля.",
        ),
      ),
      qa(
        l("Darf mein Kind den Roboter mit nach Hause nehmen?", "Можно ли забрать робота домой?"),
        l(
          "Die Bausätze bleiben in der Schule. Die Programme bekommen die Kinder aber mit und können zu Hause weiterprogrammieren.",
          "Наборы остаются в школе, но программы дети получают и могут продолжать дома.",
        ),
      ),
      MISSED_QA,
    ],
    titleImageAlt: l(
      "Kleiner Roboter auf Rädern mit Sensoraugen",
      "Маленький робот на колёсах с глазами-датчиками",
    ),
    studentWorks: ["robot"],
    weeklySlots: [
      { weekday: 0, start: "17:00", end: "18:30", seats: 10, instructor: "felix-neumann" },
      { weekday: 3, start: "16:00", end: "17:30", seats: 10, instructor: "felix-neumann" },
    ],
    purchaseOptions: courseOptions(LONG_COURSE),
  },
];

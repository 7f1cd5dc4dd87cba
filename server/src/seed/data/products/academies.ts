import { LOCATIONS } from "../locations.ts";
import { academyOptions } from "../purchase-options.ts";
import { l, type ProductSeed, qa } from "../types.ts";

const DAY = l("Mo–Fr, 9–17 Uhr (halbtags 9–13 oder 13–17 Uhr)", "Пн–Пт, 9–17 (полдня: 9–13 или 13–17)");

const CARE_QA = qa(
  l("Gibt es Mittagessen?", "Есть ли обед?"),
  l(
    "Bei der Ganztagsbuchung gibt es ein warmes, vegetarisches Mittagessen vom Caterer aus dem Kiez. Bitte teilen Sie uns Allergien im Kommentar mit.",
    "При записи на полный день детей ждёт горячий вегетарианский обед от местного кейтеринга. Об аллергиях напишите, пожалуйста, в комментарии.",
  ),
);
const WEEKS_QA = qa(
  l("Kann ich mehrere Wochen buchen?", "Можно ли записаться на несколько недель?"),
  l(
    "Ja. Jede Woche hat ein eigenes Thema, sodass sich die Wochen nicht wiederholen. Wählen Sie beim Buchen einfach alle gewünschten Wochen aus.",
    "Да. У каждой недели своя тема, поэтому программа не повторяется. При бронировании просто отметьте все нужные недели.",
  ),
);
const SHORT_WEEK_QA = qa(
  l("Was ist mit den Feiertagen zu Ostern?", "А как же праздники на Пасху?"),
  l(
    "An Karfreitag und Ostermontag bleibt die Schule geschlossen; die Osterwochen haben deshalb vier Tage.",
    "В Страстную пятницу и Пасхальный понедельник школа закрыта, поэтому пасхальные недели длятся четыре дня.",
  ),
);

const EASTER = ["2027-03-22", "2027-03-30"];

export const ACADEMIES: ProductSeed[] = [
  {
    slug: "ferien-kunstakademie-8-11",
    productType: "Academy",
    category: "malerei",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova", "marina-sokolova"],
    isFeatured: true,
    name: l("Ferien-Kunstakademie", "Каникулярная художественная академия"),
    summary: l(
      "Eine Woche Malerei, Keramik und Ausflüge in Berliner Museen – das kreative Ferienprogramm für Kinder von 8 bis 11.",
      "Неделя живописи, керамики и походов в берлинские музеи — творческая программа на каникулы для детей 8–11 лет.",
    ),
    body: l(
      "In den Ferien verwandelt sich unser Haus in der Kastanienallee in eine kleine Kunstakademie. Jede Woche steht unter einem Thema – „Tiere der Welt“, „Unter Wasser“, „Berlin von oben“ – und die Kinder nähern sich ihm mit Pinsel, Ton und Schere.\n\nVormittags wird gemalt und gezeichnet, nachmittags getöpfert, gedruckt oder gebaut. Einmal pro Woche besuchen wir ein Museum, etwa das Bode-Museum oder die Berlinische Galerie, und zeichnen dort vor den Originalen.\n\nAm Freitag laden wir die Eltern zu einer kleinen Vernissage ein. Die Gruppe spricht Deutsch und Russisch; jedes Kind wird verstanden.",
      "На каникулах наш дом на Кастаниеналлее превращается в маленькую академию искусств. У каждой недели своя тема — «Животные мира», «Под водой», «Берлин с высоты» — и дети исследуют её с кистью, глиной и ножницами.\n\nДо обеда рисуем и пишем красками, после обеда лепим, печатаем или конструируем. Раз в неделю ходим в музей, например в Музей Боде или Берлинскую галерею, и рисуем прямо перед оригиналами.\n\nВ пятницу приглашаем родителей на маленький вернисаж. В группе говорят по-немецки и по-русски, каждого ребёнка поймут.",
    ),
    program: l(
      "- Montag: Thema der Woche, Skizzen und Ideen\n- Dienstag: Malerei mit Acryl und Gouache\n- Mittwoch: Museumsbesuch mit Zeichenblock\n- Donnerstag: Keramik und Druckgrafik\n- Freitag: Vernissage für die Familien",
      "- Понедельник: тема недели, эскизы и идеи\n- Вторник: живопись акрилом и гуашью\n- Среда: музей с альбомом для зарисовок\n- Четверг: керамика и печатная графика\n- Пятница: вернисаж для родителей",
    ),
    length: DAY,
    seoText: l(
      "Kunst-Ferienprogramm für Kinder von 8 bis 11 Jahren in Berlin: Malerei, Keramik und Museumsbesuche in den Oster- und Sommerferien 2027.",
      "Художественная программа на каникулах для детей 8–11 лет в Берлине: живопись, керамика и музеи на Пасху и летом 2027 года.",
    ),
    qna: [WEEKS_QA, CARE_QA, SHORT_WEEK_QA],
    titleImageAlt: l(
      "Staffelei, Farbpalette und Tonfiguren in einem hellen Atelier",
      "Мольберт, палитра и глиняные фигурки в светлой мастерской",
    ),
    studentWorks: ["sunflowers", "ceramic-animals", "city-night"],
    academyWeeks: [
      { season: "easter-2027", weekStarts: EASTER, seats: 16 },
      {
        season: "summer-2027",
        weekStarts: ["2027-07-05", "2027-07-12", "2027-07-19", "2027-07-26", "2027-08-02", "2027-08-09"],
        seats: 16,
      },
    ],
    purchaseOptions: academyOptions(18900, 29900),
  },
  {
    slug: "sprachferien-deutsch-russisch-5-7",
    productType: "Academy",
    category: "sprachen",
    ageGroup: "5-7",
    language: "bi",
    location: LOCATIONS.wilmersdorfer,
    instructors: ["olga-kuznetsova", "lena-hoffmann"],
    name: l("Sprachferien Deutsch–Russisch", "Языковые каникулы: немецкий и русский"),
    summary: l(
      "Spielen, basteln, singen in zwei Sprachen: Ferienbetreuung für Kinder von 5 bis 7, die zweisprachig aufwachsen.",
      "Играем, мастерим и поём на двух языках: каникулы для детей 5–7 лет, растущих с двумя языками.",
    ),
    body: l(
      "Bei den Sprachferien wechseln sich Deutsch und Russisch ab: Vormittags leitet Lena das Programm auf Deutsch, nachmittags erzählt Olga Märchen und spielt mit den Kindern auf Russisch.\n\nDie Kinder basteln, singen, spielen Theater und gehen bei gutem Wetter auf den Spielplatz am Lietzensee. Ganz nebenbei erweitern sie ihren Wortschatz in beiden Sprachen und merken, dass Zweisprachigkeit eine Stärke ist.\n\nDie Gruppen sind klein und werden von zwei Pädagoginnen betreut. Besonders geeignet für Kinder im letzten Kita-Jahr und in der ersten Klasse.",
      "На языковых каникулах немецкий и русский сменяют друг друга: утром Лена ведёт программу по-немецки, а после обеда Ольга рассказывает сказки и играет с детьми по-русски.\n\nДети мастерят, поют, ставят сценки, а в хорошую погоду гуляют на площадке у озера Лицензее. Между делом они пополняют словарный запас на обоих языках и понимают, что двуязычие — это сила.\n\nГруппы маленькие, с детьми всегда два педагога. Особенно подходит детям в последний год детского сада и первоклассникам.",
    ),
    program: l(
      "- Morgenkreis auf Deutsch\n- Basteln und Malen zum Wochenthema\n- Mittagessen und Ruhezeit\n- Märchenstunde und Spiele auf Russisch\n- Ausflug auf den Spielplatz\n- Abschlussfest am Freitag",
      "- Утренний круг на немецком\n- Поделки и рисунки по теме недели\n- Обед и тихий час\n- Сказки и игры на русском\n- Прогулка на детскую площадку\n- Праздник в пятницу",
    ),
    length: DAY,
    seoText: l(
      "Zweisprachige Ferienbetreuung Deutsch–Russisch für Kinder von 5 bis 7 Jahren in Berlin-Charlottenburg, Oster- und Sommerferien 2027.",
      "Двуязычные каникулы (немецкий и русский) для детей 5–7 лет в Берлине (Шарлоттенбург), Пасха и лето 2027 года.",
    ),
    qna: [
      qa(
        l(
          "Mein Kind spricht nur eine der beiden Sprachen. Geht das?",
          "Ребёнок говорит только на одном из языков. Можно?",
        ),
        l(
          "Ja. Beide Pädagoginnen verstehen beide Sprachen und helfen, wenn ein Wort fehlt.",
          "Да. Оба педагога понимают оба языка и помогут, если не хватает слов.",
        ),
      ),
      CARE_QA,
      WEEKS_QA,
    ],
    titleImageAlt: l(
      "Kinder im Stuhlkreis mit Bilderbuch und Sprechblasen",
      "Дети в кругу с книжкой и облачками реплик",
    ),
    academyWeeks: [
      { season: "easter-2027", weekStarts: EASTER, seats: 12 },
      {
        season: "summer-2027",
        weekStarts: ["2027-07-05", "2027-07-12", "2027-08-02", "2027-08-09"],
        seats: 12,
      },
    ],
    purchaseOptions: academyOptions(17900, 28900),
  },
  {
    slug: "robotik-ferienakademie-10",
    productType: "Academy",
    category: "robotik",
    ageGroup: "10+",
    language: "de-en",
    location: LOCATIONS.kastanienallee,
    instructors: ["felix-neumann"],
    name: l("Robotik-Ferienakademie", "Каникулярная академия робототехники"),
    summary: l(
      "Eine Woche lang Roboter bauen, programmieren und gegeneinander antreten lassen – für Tüftlerinnen und Tüftler ab 10.",
      "Целую неделю собираем и программируем роботов и устраиваем соревнования — для юных изобретателей от 10 лет.",
    ),
    body: l(
      "In der Robotik-Ferienakademie entsteht in fünf Tagen ein Roboter, der eine echte Aufgabe löst. Die Kinder arbeiten in kleinen Teams, planen, bauen, programmieren und testen – genau wie in einer Ingenieurwerkstatt.\n\nMontags lernen alle die Technik kennen, ab Dienstag wird an den Teamprojekten gearbeitet. Am Freitag treten die Roboter im Parcours gegeneinander an, und die Teams präsentieren ihren Eltern, wie sie die Probleme gelöst haben.\n\nProgrammiert wird mit Blöcken oder, für Erfahrene, in Python. Vorkenntnisse sind nicht nötig.",
      "В каникулярной академии за пять дней появляется робот, который решает настоящую задачу. Дети работают в маленьких командах: планируют, собирают, программируют и тестируют — как в настоящей инженерной мастерской.\n\nВ понедельник все знакомятся с техникой, со вторника команды работают над своими проектами. В пятницу роботы соревнуются на трассе, а команды рассказывают родителям, как они решали задачи.\n\nПрограммируем блоками, а кто уже умеет — на Python. Специальная подготовка не нужна.",
    ),
    program: l(
      "- Montag: Motoren, Sensoren und erste Programme\n- Dienstag: Teamaufgabe und Konstruktion\n- Mittwoch: Programmieren und Testen\n- Donnerstag: Verbessern und Parcours-Training\n- Freitag: Roboter-Wettbewerb und Präsentation",
      "- Понедельник: моторы, датчики и первые программы\n- Вторник: командная задача и конструирование\n- Среда: программирование и тесты\n- Четверг: доработка и тренировка на трассе\n- Пятница: соревнование роботов и презентация",
    ),
    length: DAY,
    seoText: l(
      "Robotik-Feriencamp für Kinder ab 10 Jahren in Berlin Prenzlauer Berg: Roboter bauen und programmieren in den Oster- und Sommerferien 2027.",
      "Лагерь робототехники для детей от 10 лет в Берлине (Пренцлауэр-Берг): собираем и программируем роботов на Пасху и летом 2027 года.",
    ),
    qna: [
      qa(
        l("Muss mein Kind einen Laptop mitbringen?", "Нужно ли брать с собой ноутбук?"),
        l("Nein, alle Laptops und Bausätze stellen wir.", "Нет, все ноутбуки и наборы мы предоставляем."),
      ),
      WEEKS_QA,
      CARE_QA,
      SHORT_WEEK_QA,
    ],
    titleImageAlt: l(
      "Roboterarm und Platine mit bunten Kabeln",
      "Роботизированная рука и плата с цветными проводами",
    ),
    studentWorks: ["robot"],
    academyWeeks: [
      { season: "easter-2027", weekStarts: ["2027-03-30"], seats: 12 },
      { season: "summer-2027", weekStarts: ["2027-07-12", "2027-07-26", "2027-08-09"], seats: 14 },
    ],
    purchaseOptions: academyOptions(19900, 32900),
  },
];

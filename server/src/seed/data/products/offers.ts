import { LOCATIONS } from "../locations.ts";
import { offer } from "../purchase-options.ts";
import { type DatedSlotSeed, l, type ProductSeed, qa } from "../types.ts";

const SCHOOL_BOOKING_QA = qa(
  l("Wie buchen Schulen?", "Как школе оформить заказ?"),
  l(
    "Buchen Sie online oder schreiben Sie uns an info@atelier-berlin.example. Wir schicken eine Rechnung an die Schule; für den Termin stimmen wir uns mit der Lehrkraft ab.",
    "Оформите заказ онлайн или напишите нам на info@atelier-berlin.example. Мы выставим счёт школе, а дату согласуем с учителем.",
  ),
);
const BILDUNGSPAKET_QA = qa(
  l("Kann das Angebot über das Bildungspaket finanziert werden?", "Можно ли оплатить через Bildungspaket?"),
  l(
    "Für Kinder mit Anspruch auf Leistungen für Bildung und Teilhabe können die Kosten als eintägiger Schulausflug übernommen werden. Wir stellen die nötigen Unterlagen aus.",
    "Для детей, имеющих право на льготы по программе Bildung und Teilhabe, расходы могут быть покрыты как однодневная школьная экскурсия. Мы подготовим необходимые документы.",
  ),
);

/** Ten weekday mornings before the first school day after the 2027 summer holidays. */
const PRE_SCHOOL_DAYS: DatedSlotSeed[] = [
  "2027-08-02",
  "2027-08-03",
  "2027-08-04",
  "2027-08-05",
  "2027-08-06",
  "2027-08-09",
  "2027-08-10",
  "2027-08-11",
  "2027-08-12",
  "2027-08-13",
].map((date) => ({ date, start: "10:00", end: "12:00", seats: 8, instructor: "lena-hoffmann" }));

export const SCHOOL_OFFERS: ProductSeed[] = [
  {
    slug: "kunstprojekttag-schulklassen",
    productType: "SchoolOffer",
    category: "malerei",
    ageGroup: "8-11",
    language: "de",
    location: LOCATIONS.atSchool,
    instructors: ["anna-petrova", "marina-sokolova"],
    name: l("Kunstprojekttag für Schulklassen", "День искусства для школьных классов"),
    summary: l(
      "Ein Tag Malerei und Keramik für eine ganze Klasse – im Atelier oder bei Ihnen in der Schule, passend zum Rahmenlehrplan.",
      "Целый день живописи и керамики для класса — в нашей студии или у вас в школе, в соответствии с учебной программой.",
    ),
    body: l(
      "Unser Projekttag bringt Farbe in den Schulalltag. Zwei Kunstpädagoginnen arbeiten mit der ganzen Klasse zu einem Thema, das Sie mit uns abstimmen – etwa „Jahreszeiten“, „Mein Kiez“ oder ein Thema aus dem Sachunterricht.\n\nDie Klasse wird in zwei Gruppen geteilt, die zwischen Malerei und Keramik wechseln. Am Ende steht eine kleine Ausstellung im Klassenraum; die Keramikarbeiten bringen wir nach dem Brand in die Schule.\n\nDas Angebot richtet sich an Grundschulklassen 3 bis 6 mit bis zu 28 Kindern.",
      "Наш проектный день добавит красок в школьные будни. Два педагога-художника работают со всем классом над темой, которую мы согласуем с вами: «Времена года», «Мой район» или тема из курса окружающего мира.\n\nКласс делится на две группы, которые по очереди занимаются живописью и керамикой. В конце — небольшая выставка в классе, а керамику мы привезём в школу после обжига.\n\nПредложение рассчитано на 3–6 классы начальной школы, до 28 детей.",
    ),
    program: l(
      "- Vorgespräch mit der Lehrkraft\n- Einstieg ins Thema\n- Gruppe A: Malerei, Gruppe B: Keramik – dann Wechsel\n- Ausstellung im Klassenraum\n- Lieferung der gebrannten Arbeiten",
      "- Предварительная встреча с учителем\n- Введение в тему\n- Группа А — живопись, группа Б — керамика, затем меняемся\n- Выставка в классе\n- Доставка обожжённых работ",
    ),
    length: l("5 Schulstunden", "5 уроков"),
    seoText: l(
      "Kunstprojekttag für Grundschulklassen in Berlin: Malerei und Keramik mit zwei Kunstpädagoginnen, im Atelier oder in Ihrer Schule.",
      "День искусства для начальной школы в Берлине: живопись и керамика с двумя педагогами, в студии или у вас в школе.",
    ),
    qna: [SCHOOL_BOOKING_QA, BILDUNGSPAKET_QA],
    titleImageAlt: l(
      "Klassenzimmer mit Staffeleien und Tonarbeiten",
      "Класс с мольбертами и работами из глины",
    ),
    studentWorks: ["ceramic-animals", "sunflowers"],
    purchaseOptions: [
      offer(
        l("Projekttag für eine Klasse (bis 28 Kinder)", "Проектный день для класса (до 28 детей)"),
        59000,
        1,
      ),
      offer(l("Projektwoche: 5 Tage", "Проектная неделя: 5 дней"), 249000, 5),
    ],
  },
  {
    slug: "schach-ag-an-ihrer-schule",
    productType: "SchoolOffer",
    category: "schach",
    ageGroup: "8-11",
    language: "de",
    location: LOCATIONS.atSchool,
    instructors: ["dmitry-volkov"],
    name: l("Schach-AG an Ihrer Schule", "Шахматный кружок в вашей школе"),
    summary: l(
      "Ein erfahrener Schachtrainer kommt einmal pro Woche an Ihre Grundschule – mit Brettern, Uhren und Demonstrationsbrett.",
      "Опытный тренер раз в неделю приезжает в вашу начальную школу — с досками, часами и демонстрационной доской.",
    ),
    body: l(
      "Schach fördert Konzentration und strategisches Denken und passt hervorragend in den Ganztag. Unser Trainer Dmitry leitet die AG ein Schulhalbjahr lang, einmal pro Woche für 90 Minuten.\n\nDas Material bringen wir mit. Die Kinder lernen nach einem erprobten Stufenplan, lösen Aufgaben und spielen gegeneinander. Zum Halbjahresende gibt es ein kleines Schulturnier mit Urkunden.\n\nDie AG ist für Gruppen von acht bis sechzehn Kindern gedacht.",
      "Шахматы развивают концентрацию и стратегическое мышление и отлично вписываются в группу продлённого дня. Наш тренер Дмитрий ведёт кружок в течение школьного полугодия, раз в неделю по 90 минут.\n\nМатериалы мы привозим сами. Дети занимаются по проверенной ступенчатой программе, решают задачи и играют друг с другом. В конце полугодия — небольшой школьный турнир с грамотами.\n\nКружок рассчитан на группы от восьми до шестнадцати детей.",
    ),
    program: l(
      "- Regeln und Grundzüge\n- Taktik und einfache Matts\n- Partien mit Schachuhr\n- Schulturnier zum Halbjahresende",
      "- Правила и основы\n- Тактика и простые маты\n- Партии с часами\n- Школьный турнир в конце полугодия",
    ),
    length: l("1 Schulhalbjahr, wöchentlich 90 Minuten", "1 полугодие, раз в неделю по 90 минут"),
    seoText: l(
      "Schach-AG für Berliner Grundschulen: ein FIDE-Trainer leitet die AG im Ganztag, Material inklusive.",
      "Шахматный кружок для берлинских начальных школ: тренер ФИДЕ ведёт занятия в продлёнке, материалы включены.",
    ),
    qna: [
      SCHOOL_BOOKING_QA,
      qa(
        l("Kann die AG auch länger laufen?", "Может ли кружок работать дольше?"),
        l(
          "Ja, nach dem ersten Halbjahr verlängern wir gern um ein weiteres Halbjahr.",
          "Да, после первого полугодия мы охотно продлим занятия ещё на полгода.",
        ),
      ),
    ],
    titleImageAlt: l(
      "Demonstrationsbrett an der Tafel eines Klassenraums",
      "Демонстрационная доска в школьном классе",
    ),
    purchaseOptions: [
      offer(
        l("Schach-AG: 1 Schulhalbjahr (ca. 18 Termine)", "Кружок: 1 полугодие (около 18 занятий)"),
        162000,
        18,
      ),
    ],
  },
  {
    slug: "robotik-projekttag-schule",
    productType: "SchoolOffer",
    category: "robotik",
    ageGroup: "12+",
    language: "de",
    location: LOCATIONS.atSchool,
    instructors: ["felix-neumann"],
    name: l("Robotik-Projekttag für Klassen 7 bis 10", "День робототехники для 7–10 классов"),
    summary: l(
      "Informatik zum Anfassen: Eine Klasse baut und programmiert in Teams Roboter für eine gemeinsame Mission.",
      "Информатика, которую можно потрогать: класс в командах собирает и программирует роботов для общей миссии.",
    ),
    body: l(
      "Am Robotik-Projekttag erleben Schülerinnen und Schüler, wie Informatik, Physik und Teamarbeit zusammenspielen. In Teams zu dritt bauen sie Roboter, programmieren sie in Python oder mit Blöcken und lösen gemeinsam eine Mission auf dem Spielfeld.\n\nWir bringen Bausätze, Laptops und Spielfeld mit oder empfangen die Klasse in unserer Werkstatt in der Kastanienallee. Die Inhalte knüpfen an den Berliner Rahmenlehrplan Informatik und WAT an.\n\nDie Lehrkraft erhält Unterrichtsmaterial zur Vor- und Nachbereitung.",
      "На дне робототехники ученики видят, как информатика, физика и командная работа дополняют друг друга. В командах по трое они собирают роботов, программируют их на Python или блоками и вместе выполняют миссию на игровом поле.\n\nМы привозим наборы, ноутбуки и поле или принимаем класс в нашей мастерской на Кастаниеналлее. Содержание связано с берлинской программой по информатике и предмету WAT.\n\nУчитель получает материалы для подготовки и последующих уроков.",
    ),
    program: l(
      "- Einführung: Wie denkt ein Roboter?\n- Bauen in Dreierteams\n- Programmieren: Sensoren und Bedingungen\n- Mission auf dem Spielfeld\n- Reflexion und Ausblick",
      "- Введение: как думает робот?\n- Сборка в командах по трое\n- Программирование: датчики и условия\n- Миссия на игровом поле\n- Обсуждение и выводы",
    ),
    length: l("6 Schulstunden", "6 уроков"),
    seoText: l(
      "Robotik-Projekttag für Schulklassen 7 bis 10 in Berlin: Roboter bauen und programmieren, Material inklusive, passend zum Rahmenlehrplan.",
      "День робототехники для 7–10 классов в Берлине: сборка и программирование роботов, материалы включены, по школьной программе.",
    ),
    qna: [SCHOOL_BOOKING_QA, BILDUNGSPAKET_QA],
    titleImageAlt: l("Roboter auf einem Spielfeld mit Markierungen", "Робот на игровом поле с разметкой"),
    studentWorks: ["robot"],
    purchaseOptions: [
      offer(
        l("Projekttag für eine Klasse (bis 30 Personen)", "Проектный день для класса (до 30 человек)"),
        69000,
        1,
      ),
    ],
  },
];

export const SPECIAL_OFFERS: ProductSeed[] = [
  {
    slug: "schnupperkarte-kunst",
    productType: "SpecialOffer",
    category: "malerei",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova", "marina-sokolova"],
    isFeatured: true,
    name: l("Schnupperkarte Kunst: 3 Stunden, 3 Techniken", "Пробная карта: 3 занятия, 3 техники"),
    summary: l(
      "Malerei, Zeichnen und Keramik einmal ausprobieren, bevor Sie sich für einen Kurs entscheiden – zum Sonderpreis.",
      "Попробуйте живопись, рисунок и керамику, прежде чем выбрать курс, — по специальной цене.",
    ),
    body: l(
      "Ihr Kind malt gern, aber Sie wissen noch nicht, welcher Kurs der richtige ist? Mit der Schnupperkarte besucht es je eine Stunde Malerei, Zeichnen und Keramik in einer laufenden Gruppe.\n\nNach den drei Stunden bekommen Sie eine kurze Rückmeldung der Lehrkräfte und eine Empfehlung. Wer danach ein Abo abschließt, bekommt den Preis der Schnupperkarte auf den ersten Monat angerechnet.\n\nDie Termine wählen Sie flexibel innerhalb von sechs Wochen.",
      "Ребёнок любит рисовать, но вы ещё не знаете, какой курс выбрать? С пробной картой он посетит по одному занятию живописи, рисунка и керамики в действующих группах.\n\nПосле трёх занятий педагоги дадут короткий отзыв и рекомендацию. Если вы затем оформите абонемент, стоимость пробной карты засчитается в первый месяц.\n\nДаты можно выбрать свободно в течение шести недель.",
    ),
    program: l(
      "- 1 Stunde Malerei\n- 1 Stunde Zeichnen\n- 1 Stunde Keramik\n- Rückmeldung und Kursempfehlung",
      "- 1 занятие живописью\n- 1 занятие рисунком\n- 1 занятие керамикой\n- Отзыв и рекомендация курса",
    ),
    length: l("3 Termine innerhalb von 6 Wochen", "3 занятия в течение 6 недель"),
    seoText: l(
      "Schnupperkarte für Kunstkurse in Berlin: Malerei, Zeichnen und Keramik für Kinder von 8 bis 11 Jahren ausprobieren.",
      "Пробная карта на художественные курсы в Берлине: живопись, рисунок и керамика для детей 8–11 лет.",
    ),
    qna: [
      qa(
        l("Wie vereinbare ich die Termine?", "Как выбрать даты занятий?"),
        l(
          "Nach dem Kauf melden wir uns per E-Mail mit freien Plätzen in den passenden Gruppen.",
          "После покупки мы напишем вам со свободными местами в подходящих группах.",
        ),
      ),
      qa(
        l("Kann man die Karte mehrmals kaufen?", "Можно ли купить карту несколько раз?"),
        l("Nein, die Schnupperkarte gibt es einmal pro Kind.", "Нет, пробная карта — одна на ребёнка."),
      ),
    ],
    titleImageAlt: l(
      "Drei Werkzeuge: Pinsel, Bleistift und Modellierholz",
      "Три инструмента: кисть, карандаш и стека",
    ),
    studentWorks: ["sunflowers", "still-life", "ceramic-bowl"],
    purchaseOptions: [offer(l("Schnupperkarte: 3 Stunden", "Пробная карта: 3 занятия"), 5900, 3)],
  },
  {
    slug: "familien-keramikabend",
    productType: "SpecialOffer",
    category: "keramik",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.keramikHof,
    instructors: ["marina-sokolova"],
    name: l("Familien-Keramikabend: Eltern und Kind", "Семейный вечер керамики: родитель и ребёнок"),
    summary: l(
      "Freitagabend in der Werkstatt: Ein Elternteil und ein Kind gestalten zusammen ein Geschirrset – zum Paketpreis.",
      "Пятничный вечер в мастерской: родитель и ребёнок вместе делают набор посуды — по цене пакета.",
    ),
    body: l(
      "Zeit zu zweit, Hände im Ton: Am Familien-Keramikabend gestalten ein Elternteil und ein Kind gemeinsam zwei Teller und zwei Becher. Marina zeigt die Technik, den Rest bestimmen Fantasie und Teamarbeit.\n\nDazu gibt es Tee, Obst und entspannte Musik. Die fertigen Stücke werden glasiert, gebrannt und sind nach etwa drei Wochen abholbereit.\n\nDas Paket gilt für zwei Personen; weitere Familienmitglieder können zum ermäßigten Preis dazukommen.",
      "Время вдвоём, руки в глине: на семейном вечере родитель и ребёнок вместе делают две тарелки и две кружки. Марина покажет технику, остальное — дело фантазии и командной работы.\n\nК этому — чай, фрукты и спокойная музыка. Готовые изделия покроют глазурью и обожгут, забрать их можно примерно через три недели.\n\nПакет рассчитан на двоих; другие члены семьи могут присоединиться по сниженной цене.",
    ),
    program: l(
      "- Begrüßung mit Tee\n- Teller in Plattentechnik\n- Becher aufbauen\n- Verzieren und Glasur wählen\n- Abholung nach dem Brand",
      "- Встреча за чаем\n- Тарелки в пластовой технике\n- Лепим кружки\n- Украшаем и выбираем глазурь\n- Забираем после обжига",
    ),
    length: l("2,5 Stunden", "2,5 часа"),
    seoText: l(
      "Keramikabend für Eltern und Kinder in Berlin Prenzlauer Berg: gemeinsam Teller und Becher töpfern, Familienpaket.",
      "Вечер керамики для родителей и детей в Берлине (Пренцлауэр-Берг): вместе лепим тарелки и кружки, семейный пакет.",
    ),
    qna: [
      qa(
        l("Ab welchem Alter können Kinder mitmachen?", "С какого возраста можно участвовать?"),
        l(
          "Ab acht Jahren; jüngere Geschwister nach Absprache.",
          "С восьми лет; младшие братья и сёстры — по договорённости.",
        ),
      ),
      qa(
        l("Was kostet eine weitere Person?", "Сколько стоит дополнительный участник?"),
        l("Jede weitere Person zahlt 35 €.", "Каждый дополнительный участник — 35 €."),
      ),
    ],
    titleImageAlt: l(
      "Teller und Becher aus Ton auf einem Holztisch",
      "Глиняные тарелки и кружки на деревянном столе",
    ),
    studentWorks: ["ceramic-bowl"],
    datedSlots: [
      { date: "2027-03-12", start: "18:00", end: "20:30", seats: 6, instructor: "marina-sokolova" },
      { date: "2027-05-21", start: "18:00", end: "20:30", seats: 6, instructor: "marina-sokolova" },
      { date: "2027-09-24", start: "18:00", end: "20:30", seats: 6, instructor: "marina-sokolova" },
    ],
    purchaseOptions: [
      offer(l("Paket für 1 Erwachsenen und 1 Kind", "Пакет для 1 взрослого и 1 ребёнка"), 8900, 1),
      offer(l("Weitere Person", "Дополнительный участник"), 3500, 1),
    ],
  },
  {
    slug: "deutsch-intensiv-vor-der-einschulung",
    productType: "SpecialOffer",
    category: "sprachen",
    ageGroup: "5-7",
    language: "de",
    location: LOCATIONS.wilmersdorfer,
    instructors: ["lena-hoffmann"],
    name: l("Deutsch intensiv vor der Einschulung", "Интенсив по немецкому перед школой"),
    summary: l(
      "Zehn Vormittage im August, damit der erste Schultag leichter fällt: Deutsch für Kinder, die 2027 eingeschult werden.",
      "Десять утренних занятий в августе, чтобы первый школьный день прошёл легче: немецкий для будущих первоклассников 2027 года.",
    ),
    body: l(
      "In den letzten zwei Sommerferienwochen bereiten wir Kinder, die im August 2027 in die erste Klasse kommen, sprachlich auf die Schule vor. Wir üben Wörter aus dem Schulalltag, hören Geschichten, spielen „Schule“ und lernen, im Stuhlkreis vor anderen zu sprechen.\n\nDie Gruppe ist klein, höchstens acht Kinder, und wird von Lena geleitet, die selbst lange in der ersten Klasse unterrichtet hat.\n\nZum Schluss bekommen die Eltern Tipps, wie sie ihr Kind in den ersten Schulwochen unterstützen können.",
      "В последние две недели летних каникул мы готовим детей, которые в августе 2027 года пойдут в первый класс. Учим слова из школьной жизни, слушаем истории, играем «в школу» и учимся говорить в кругу перед другими.\n\nГруппа маленькая, не больше восьми детей. Её ведёт Лена, которая сама много лет преподавала в первом классе.\n\nВ конце родители получат советы, как поддержать ребёнка в первые школьные недели.",
    ),
    program: l(
      "- Wörter rund um Schule und Klasse\n- Zuhören und Nacherzählen\n- Zahlen, Farben, Formen\n- Rollenspiel „Mein erster Schultag“\n- Elterntipps zum Abschluss",
      "- Слова о школе и классе\n- Слушаем и пересказываем\n- Числа, цвета, формы\n- Ролевая игра «Мой первый школьный день»\n- Советы родителям в конце",
    ),
    length: l("10 × 2 Stunden", "10 × 2 часа"),
    seoText: l(
      "Deutsch-Intensivkurs vor der Einschulung 2027 in Berlin-Charlottenburg: zehn Vormittage für Kinder von 5 bis 7 Jahren.",
      "Интенсив по немецкому перед школой 2027 года в Берлине (Шарлоттенбург): десять утренних занятий для детей 5–7 лет.",
    ),
    qna: [
      qa(
        l("Muss mein Kind an allen zehn Tagen kommen?", "Нужно ли ходить все десять дней?"),
        l(
          "Der Kurs ist als Block gedacht und wird als Paket gebucht. Einzelne Fehltage sind natürlich kein Problem.",
          "Курс задуман как единый блок и бронируется целиком. Пропустить пару дней, конечно, можно.",
        ),
      ),
      qa(
        l("Gibt es einen Frühbucherpreis?", "Есть ли скидка за раннее бронирование?"),
        l(
          "Der Sonderpreis gilt bereits für alle Buchungen bis zum Kursbeginn.",
          "Специальная цена действует для всех заказов до начала курса.",
        ),
      ),
    ],
    titleImageAlt: l("Schultüte, Ranzen und ein ABC-Plakat", "Школьный кулёк, ранец и плакат с алфавитом"),
    datedSlots: PRE_SCHOOL_DAYS,
    purchaseOptions: [offer(l("Intensivkurs: 10 Vormittage", "Интенсив: 10 занятий"), 24900, 10)],
  },
];

import { LOCATIONS } from "../locations.ts";
import { ticket } from "../purchase-options.ts";
import { l, type ProductSeed, qa } from "../types.ts";

const SEAT_QA = qa(
  l("Brauchen Kinder ein eigenes Ticket?", "Нужен ли ребёнку отдельный билет?"),
  l(
    "Ja, jede Person ab drei Jahren braucht ein Ticket, damit wir die Plätze planen können.",
    "Да, билет нужен каждому зрителю старше трёх лет, чтобы мы могли распределить места.",
  ),
);

export const EVENTS: ProductSeed[] = [
  {
    slug: "vernissage-schuelerarbeiten-2027",
    productType: "Event",
    category: "malerei",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["anna-petrova", "jonas-becker"],
    isFeatured: true,
    name: l("Vernissage: Unsere Jahresausstellung", "Вернисаж: наша годовая выставка"),
    summary: l(
      "Bilder, Keramik und Comics eines ganzen Schuljahres: Wir feiern unsere Schülerinnen und Schüler mit einer großen Ausstellung.",
      "Картины, керамика и комиксы за целый учебный год: мы чествуем наших учеников большой выставкой.",
    ),
    body: l(
      "Einmal im Jahr verwandeln wir alle Räume in der Kastanienallee in eine Galerie. Mehr als zweihundert Arbeiten aus den Mal-, Zeichen-, Keramik- und Comickursen hängen an den Wänden und stehen auf den Sockeln.\n\nDie jungen Künstlerinnen und Künstler führen selbst durch die Ausstellung und erzählen, wie ihre Werke entstanden sind. Für die Kleinsten gibt es eine Malstation im Hof, für alle Limonade, Kuchen und Musik aus unserem Musikstudio.\n\nDas Ticket unterstützt unseren Stipendienfonds, mit dem Kinder aus Familien mit wenig Geld kostenlos an Kursen teilnehmen können.",
      "Раз в год мы превращаем все помещения на Кастаниеналлее в галерею. На стенах и подиумах — более двухсот работ из курсов живописи, рисунка, керамики и комиксов.\n\nЮные художники сами проводят экскурсии и рассказывают, как создавались их работы. Для самых маленьких во дворе будет мастерская, для всех — лимонад, пироги и музыка от нашей музыкальной студии.\n\nБилет поддерживает наш стипендиальный фонд, благодаря которому дети из семей с небольшим доходом занимаются бесплатно.",
    ),
    program: l(
      "- 15:00 Eröffnung und Begrüßung\n- 15:30 Führungen durch die jungen Künstlerinnen und Künstler\n- 16:00 Malstation im Hof\n- 16:30 Kleines Konzert des Musikstudios\n- 18:00 Ausklang",
      "- 15:00 Открытие и приветствие\n- 15:30 Экскурсии от юных художников\n- 16:00 Мастерская во дворе\n- 16:30 Небольшой концерт музыкальной студии\n- 18:00 Завершение",
    ),
    length: l("3 Stunden", "3 часа"),
    seoText: l(
      "Jahresausstellung der Kunstschule Atelier in Berlin Prenzlauer Berg: Kinderkunst, Keramik und Comics, Vernissage im Juni 2027.",
      "Годовая выставка школы «Ателье» в Берлине (Пренцлауэр-Берг): детское искусство, керамика и комиксы, вернисаж в июне 2027 года.",
    ),
    qna: [
      SEAT_QA,
      qa(
        l("Kann man die Bilder kaufen?", "Можно ли купить работы?"),
        l(
          "Nein, die Werke gehören den Kindern. Über eine Spende für den Stipendienfonds freuen wir uns aber sehr.",
          "Нет, работы принадлежат детям. Но мы будем очень рады пожертвованию в стипендиальный фонд.",
        ),
      ),
    ],
    titleImageAlt: l(
      "Galeriewand mit gerahmten Kinderbildern",
      "Стена галереи с детскими рисунками в рамках",
    ),
    studentWorks: ["sunflowers", "city-night", "still-life", "ceramic-bowl", "comic-page"],
    datedSlots: [
      { date: "2027-06-19", start: "15:00", end: "18:00", seats: 120, instructor: "anna-petrova" },
    ],
    purchaseOptions: [ticket(500, l("Eintritt inkl. Kinderprogramm", "Вход с детской программой"))],
  },
  {
    slug: "kinder-schachturnier-fruehling-2027",
    productType: "Event",
    category: "schach",
    ageGroup: "8-11",
    language: "de-ru",
    location: LOCATIONS.wilmersdorfer,
    instructors: ["dmitry-volkov"],
    name: l("Frühlings-Schachturnier für Kinder", "Весенний детский шахматный турнир"),
    summary: l(
      "Sieben Runden Schnellschach, Pokale und Urkunden für alle: das offene Turnier für Kinder von 8 bis 11 Jahren.",
      "Семь туров быстрых шахмат, кубки и грамоты для всех: открытый турнир для детей 8–11 лет.",
    ),
    body: l(
      "Unser Frühlingsturnier ist offen für alle Kinder, die die Schachregeln kennen – ob aus unseren Kursen, aus dem Verein oder von zu Hause. Gespielt werden sieben Runden im Schweizer System mit 15 Minuten Bedenkzeit pro Person.\n\nDmitry und zwei Schiedsrichter achten auf faires Spiel und erklären Neulingen geduldig die Turnierregeln. Zwischen den Runden gibt es Obst, Getränke und eine Analyseecke, in der Partien gemeinsam besprochen werden.\n\nDie drei Besten jeder Altersklasse bekommen Pokale, alle anderen eine Urkunde und eine kleine Überraschung.",
      "Весенний турнир открыт для всех детей, знающих правила, — из наших групп, из клубов или просто из дома. Играем семь туров по швейцарской системе, по 15 минут на партию каждому.\n\nДмитрий и два судьи следят за честной игрой и терпеливо объясняют новичкам турнирные правила. Между турами — фрукты, напитки и уголок анализа, где партии разбирают вместе.\n\nТрое лучших в каждой возрастной группе получат кубки, остальные — грамоты и небольшие сюрпризы.",
    ),
    program: l(
      "- 9:30 Anmeldung\n- 10:00 Runden 1–3\n- 11:45 Mittagspause\n- 12:30 Runden 4–7\n- 14:45 Siegerehrung",
      "- 9:30 Регистрация\n- 10:00 Туры 1–3\n- 11:45 Обеденный перерыв\n- 12:30 Туры 4–7\n- 14:45 Награждение",
    ),
    length: l("5 Stunden", "5 часов"),
    seoText: l(
      "Offenes Schachturnier für Kinder von 8 bis 11 Jahren in Berlin-Charlottenburg im Mai 2027: Schnellschach, Pokale und Urkunden.",
      "Открытый шахматный турнир для детей 8–11 лет в Берлине (Шарлоттенбург) в мае 2027 года: быстрые шахматы, кубки и грамоты.",
    ),
    qna: [
      qa(
        l("Braucht mein Kind eine DWZ-Zahl?", "Нужен ли рейтинг?"),
        l(
          "Nein. Das Turnier wird nicht gewertet, es ist ideal für das erste Turniererlebnis.",
          "Нет. Турнир не рейтинговый и идеально подходит для первого турнирного опыта.",
        ),
      ),
      qa(
        l("Dürfen Eltern zuschauen?", "Могут ли родители смотреть?"),
        l(
          "Ja, im Nebenraum mit Liveübertragung der Spitzenbretter. Im Turniersaal bleibt es ruhig.",
          "Да, в соседнем зале с трансляцией первых досок. В турнирном зале должна быть тишина.",
        ),
      ),
    ],
    titleImageAlt: l("Schachbretter nebeneinander und ein Pokal", "Ряд шахматных досок и кубок"),
    datedSlots: [
      { date: "2027-05-15", start: "09:30", end: "15:00", seats: 40, instructor: "dmitry-volkov" },
    ],
    purchaseOptions: [ticket(1500, l("Startgeld", "Стартовый взнос"))],
  },
  {
    slug: "fruehlingskonzert-musikstudio-2027",
    productType: "Event",
    category: "musik",
    ageGroup: "5-7",
    language: "de-ru",
    location: LOCATIONS.concertHall,
    instructors: ["maxim-orlov"],
    name: l("Frühlingskonzert des Musikstudios", "Весенний концерт музыкальной студии"),
    summary: l(
      "Kinderchor, erste Klavierstücke und ein Rhythmus-Ensemble: ein fröhliches Familienkonzert zum Frühlingsanfang.",
      "Детский хор, первые пьесы на фортепиано и ритм-ансамбль: весёлый семейный концерт к началу весны.",
    ),
    body: l(
      "Unsere jüngsten Musikerinnen und Musiker laden zum Frühlingskonzert ein. Der Kinderchor singt Lieder auf Deutsch und Russisch, die Klavierkinder spielen ihre ersten Stücke, und das Rhythmus-Ensemble bringt den Saal zum Mitklatschen.\n\nMaxim moderiert und erklärt zwischen den Stücken, was die Kinder im Laufe des Jahres gelernt haben. Zum Schluss singen alle gemeinsam – auch das Publikum.\n\nDas Konzert dauert etwa anderthalb Stunden mit Pause und eignet sich für Familien mit Kindern jeden Alters.",
      "Наши самые юные музыканты приглашают на весенний концерт. Детский хор исполнит песни на немецком и русском, юные пианисты сыграют свои первые пьесы, а ритм-ансамбль заставит весь зал хлопать в ладоши.\n\nМаксим ведёт концерт и между номерами рассказывает, чему дети научились за год. В финале поют все вместе — и зрители тоже.\n\nКонцерт длится около полутора часов с антрактом и подходит для семей с детьми любого возраста.",
    ),
    program: l(
      "- Kinderchor: Frühlingslieder\n- Klavier: erste Stücke\n- Pause mit Saft und Keksen\n- Rhythmus-Ensemble\n- Gemeinsames Abschlusslied",
      "- Детский хор: весенние песни\n- Фортепиано: первые пьесы\n- Антракт с соком и печеньем\n- Ритм-ансамбль\n- Общая финальная песня",
    ),
    length: l("90 Minuten mit Pause", "90 минут с антрактом"),
    seoText: l(
      "Familienkonzert des Musikstudios im April 2027 in Berlin-Kreuzberg: Kinderchor, Klavier und Rhythmus-Ensemble.",
      "Семейный концерт музыкальной студии в апреле 2027 года в Берлине (Кройцберг): детский хор, фортепиано и ритм-ансамбль.",
    ),
    qna: [
      SEAT_QA,
      qa(
        l("Darf man fotografieren?", "Можно ли фотографировать?"),
        l(
          "Gern ohne Blitz und nur das eigene Kind. Wir teilen nach dem Konzert ausgewählte Fotos mit den Familien.",
          "Можно без вспышки и только своего ребёнка. После концерта мы поделимся с семьями лучшими фотографиями.",
        ),
      ),
    ],
    titleImageAlt: l("Kinderchor vor einem Flügel mit Notenblättern", "Детский хор у рояля с нотами"),
    datedSlots: [{ date: "2027-04-24", start: "16:00", end: "17:30", seats: 60, instructor: "maxim-orlov" }],
    purchaseOptions: [ticket(800)],
  },
  {
    slug: "bremer-stadtmusikanten-familienvorstellung",
    productType: "Event",
    category: "theater",
    ageGroup: "5-7",
    language: "de-ru",
    location: LOCATIONS.kastanienallee,
    instructors: ["katharina-richter"],
    name: l("Theater: Die Bremer Stadtmusikanten", "Спектакль «Бременские музыканты»"),
    summary: l(
      "Esel, Hund, Katze und Hahn ziehen nach Bremen: unsere Theatergruppe spielt das Märchen zweisprachig für die ganze Familie.",
      "Осёл, пёс, кот и петух отправляются в Бремен: наша театральная студия играет сказку на двух языках для всей семьи.",
    ),
    body: l(
      "Das Märchen der Brüder Grimm kennen Kinder in Deutschland und in Russland gleichermaßen – bei uns wird es in beiden Sprachen erzählt. Die Tiere sprechen Deutsch, die Räuber Russisch, und am Ende verstehen sich alle.\n\nDas Stück hat unsere Theatergruppe mit Katharina selbst erarbeitet, mit Musik, Masken und einem Bühnenbild aus dem Kunstkurs.\n\nDie Vorstellung dauert etwa eine Stunde und ist für Kinder ab vier Jahren geeignet.",
      "Сказку братьев Гримм одинаково хорошо знают дети и в Германии, и в России — у нас её рассказывают на двух языках. Звери говорят по-немецки, разбойники — по-русски, а в конце все друг друга понимают.\n\nСпектакль наша театральная студия поставила вместе с Катариной — с музыкой, масками и декорациями, которые сделали дети на курсе живописи.\n\nПредставление длится около часа и подходит детям от четырёх лет.",
    ),
    program: l(
      "- Einlass 30 Minuten vor Beginn\n- Vorstellung etwa 60 Minuten\n- Danach Fotos mit den Tieren auf der Bühne",
      "- Вход за 30 минут до начала\n- Спектакль около 60 минут\n- После — фото со зверями на сцене",
    ),
    length: l("60 Minuten", "60 минут"),
    seoText: l(
      "Kindertheater in Berlin: Die Bremer Stadtmusikanten zweisprachig auf Deutsch und Russisch, Familienvorstellungen im Juni 2027.",
      "Детский спектакль в Берлине: «Бременские музыканты» на немецком и русском, семейные показы в июне 2027 года.",
    ),
    qna: [
      SEAT_QA,
      qa(
        l(
          "Verstehen Kinder, die nur Deutsch sprechen, das Stück?",
          "Поймут ли спектакль дети, говорящие только по-немецки?",
        ),
        l(
          "Ja. Die Geschichte wird so erzählt, dass man sie in jeder der beiden Sprachen versteht.",
          "Да. История построена так, что её понятно на любом из двух языков.",
        ),
      ),
    ],
    titleImageAlt: l(
      "Esel, Hund, Katze und Hahn übereinander auf einer Bühne",
      "Осёл, пёс, кот и петух друг на друге на сцене",
    ),
    studentWorks: ["stage-masks"],
    datedSlots: [
      { date: "2027-06-26", start: "17:00", end: "18:00", seats: 70, instructor: "katharina-richter" },
      { date: "2027-06-27", start: "15:00", end: "16:00", seats: 70, instructor: "katharina-richter" },
    ],
    purchaseOptions: [
      ticket(1200, l("Ticket Erwachsene", "Билет для взрослых")),
      ticket(600, l("Ticket Kinder bis 14 Jahre", "Детский билет до 14 лет")),
    ],
  },
];

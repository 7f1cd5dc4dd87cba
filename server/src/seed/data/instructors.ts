import { type InstructorSeed, l } from "./types.ts";

/**
 * The team; each photo is `/images/instructors/<slug>.svg`. Russian pages show the names as the school
 * writes them in Cyrillic (`firstNameRu`, `lastNameRu`).
 */
export const INSTRUCTORS: InstructorSeed[] = [
  {
    slug: "anna-petrova",
    firstName: "Anna",
    lastName: "Petrova",
    firstNameRu: "Анна",
    lastNameRu: "Петрова",
    job: l(
      "Malerin und Kunstpädagogin, Gründerin des Ateliers",
      "Художница и педагог, основательница студии",
    ),
    subject: l("Malerei und Zeichnen", "Живопись и рисунок"),
    bio: l(
      "Anna hat an der Kunstakademie in Sankt Petersburg und an der Universität der Künste Berlin studiert. Seit 2012 unterrichtet sie Kinder und Jugendliche und hat das Atelier in der Kastanienallee gegründet, damit Kunst und Sprache unter einem Dach zusammenkommen. In ihren Stunden wird viel gemischt, ausprobiert und gelacht – und am Ende nimmt jedes Kind ein Bild mit nach Hause, auf das es stolz ist.",
      "Анна окончила Академию художеств в Санкт-Петербурге и Университет искусств в Берлине. С 2012 года она преподаёт детям и подросткам и основала студию на Кастаниеналлее, чтобы искусство и язык жили под одной крышей. На её занятиях много смешивают краски, пробуют новое и смеются, а в конце каждый ребёнок уносит домой работу, которой по-настоящему гордится.",
    ),
  },
  {
    slug: "jonas-becker",
    firstName: "Jonas",
    lastName: "Becker",
    firstNameRu: "Йонас",
    lastNameRu: "Беккер",
    job: l("Illustrator und Comiczeichner", "Иллюстратор и автор комиксов"),
    subject: l("Comics, Manga und Illustration", "Комиксы, манга и иллюстрация"),
    bio: l(
      "Jonas zeichnet Comics für Berliner Kinderbuchverlage und Zeitschriften. Er zeigt, wie aus einer Idee eine Figur, aus der Figur eine Geschichte und aus der Geschichte ein fertiges Heft wird. Sein Motto: Es gibt keine falschen Striche, nur neue Ideen.",
      "Йонас рисует комиксы для берлинских детских издательств и журналов. Он показывает, как из идеи рождается персонаж, из персонажа — история, а из истории — готовый комикс. Его девиз: неправильных линий не бывает, бывают только новые идеи.",
    ),
  },
  {
    slug: "marina-sokolova",
    firstName: "Marina",
    lastName: "Sokolova",
    firstNameRu: "Марина",
    lastNameRu: "Соколова",
    job: l("Keramikerin", "Художник-керамист"),
    subject: l("Keramik und Töpfern", "Керамика и гончарное дело"),
    bio: l(
      "Marina hat Keramik in Moskau und an der Fachschule in Höhr-Grenzhausen gelernt. In ihrer Werkstatt im Hof der Kastanienallee entstehen Tassen, Schalen und fantastische Tiere. Sie erklärt geduldig jeden Schritt – vom Kneten des Tons bis zur Glasur – und freut sich über jede schiefe Tasse, die mit Liebe gemacht ist.",
      "Марина училась керамике в Москве и в профессиональной школе в Хёр-Гренцхаузене. В её мастерской во дворе на Кастаниеналлее появляются чашки, пиалы и фантастические звери. Она терпеливо объясняет каждый шаг — от подготовки глины до глазури — и радуется каждой чашке, даже немного кривой, если она сделана с любовью.",
    ),
  },
  {
    slug: "dmitry-volkov",
    firstName: "Dmitry",
    lastName: "Volkov",
    firstNameRu: "Дмитрий",
    lastNameRu: "Волков",
    job: l("Schachtrainer mit FIDE-Trainerlizenz", "Тренер по шахматам с лицензией ФИДЕ"),
    subject: l("Schach", "Шахматы"),
    bio: l(
      "Dmitry spielt seit seinem sechsten Lebensjahr Schach und trainiert seit fünfzehn Jahren Kinder in Berlin. Seine Schülerinnen und Schüler haben bei Berliner Jugendmeisterschaften viele Medaillen gewonnen. Noch wichtiger ist ihm aber, dass Kinder beim Schach lernen, ruhig nachzudenken, fair zu verlieren und sich über gute Züge zu freuen – auch über die des Gegners.",
      "Дмитрий играет в шахматы с шести лет и уже пятнадцать лет тренирует детей в Берлине. Его ученики завоевали немало медалей на первенствах Берлина среди юношей. Но ещё важнее для него, чтобы дети учились спокойно думать, достойно проигрывать и радоваться хорошим ходам — даже ходам соперника.",
    ),
  },
  {
    slug: "lena-hoffmann",
    firstName: "Lena",
    lastName: "Hoffmann",
    firstNameRu: "Лена",
    lastNameRu: "Хофман",
    job: l("Lehrerin für Deutsch als Fremd- und Zweitsprache", "Преподаватель немецкого как иностранного"),
    subject: l("Deutsch", "Немецкий язык"),
    bio: l(
      "Lena ist Grundschullehrerin und hat sich auf Deutsch als Zweitsprache spezialisiert. Sie unterrichtet mit Spielen, Liedern und kleinen Theaterszenen, damit Kinder ohne Angst sprechen. Viele ihrer Schülerinnen und Schüler sind erst vor Kurzem nach Berlin gekommen – nach ein paar Monaten erzählen sie ihr ganze Geschichten auf Deutsch.",
      "Лена — учитель начальных классов, специализируется на немецком как втором языке. Она учит через игры, песни и маленькие сценки, чтобы дети не боялись говорить. Многие её ученики совсем недавно переехали в Берлин, а уже через несколько месяцев рассказывают ей целые истории по-немецки.",
    ),
  },
  {
    slug: "olga-kuznetsova",
    firstName: "Olga",
    lastName: "Kuznetsova",
    firstNameRu: "Ольга",
    lastNameRu: "Кузнецова",
    job: l("Lehrerin für Russisch als Herkunftssprache", "Учитель русского языка и литературы"),
    subject: l("Russisch", "Русский язык"),
    bio: l(
      "Olga hat zwanzig Jahre Erfahrung als Lehrerin für Russisch und Literatur, davon zehn in Berlin mit zweisprachig aufwachsenden Kindern. Sie weiß, wie man Kindern, die zu Hause Russisch sprechen, Lust aufs Lesen und Schreiben macht – mit Märchen, Rätseln und eigenen kleinen Büchern.",
      "Ольга двадцать лет преподаёт русский язык и литературу, из них десять — в Берлине детям-билингвам. Она знает, как увлечь чтением и письмом ребёнка, который говорит по-русски дома: сказки, загадки и собственные маленькие книжки делают своё дело.",
    ),
  },
  {
    slug: "emily-carter",
    firstName: "Emily",
    lastName: "Carter",
    firstNameRu: "Эмили",
    lastNameRu: "Картер",
    job: l("Englischlehrerin und Muttersprachlerin", "Преподаватель английского, носитель языка"),
    subject: l("Englisch", "Английский язык"),
    bio: l(
      "Emily kommt aus Manchester, lebt seit 2015 in Berlin und hat ein CELTA-Zertifikat. In ihrem English Club wird diskutiert, gespielt und Theater gespielt – Grammatik kommt dabei ganz nebenbei. Sie spricht mit den Jugendlichen nur Englisch, versteht aber auch Deutsch und ein wenig Russisch.",
      "Эмили родом из Манчестера, живёт в Берлине с 2015 года и имеет сертификат CELTA. В её English Club спорят, играют и ставят сценки, а грамматика усваивается сама собой. С подростками она говорит только по-английски, хотя понимает и немецкий, и немного русский.",
    ),
  },
  {
    slug: "maxim-orlov",
    firstName: "Maxim",
    lastName: "Orlov",
    firstNameRu: "Максим",
    lastNameRu: "Орлов",
    job: l("Pianist und Musikpädagoge", "Пианист и музыкальный педагог"),
    subject: l("Musik, Klavier und Chor", "Музыка, фортепиано и хор"),
    bio: l(
      "Maxim hat am Konservatorium in Kiew und an der Hochschule für Musik Hanns Eisler Berlin studiert. Er leitet unsere Musikstudio-Gruppen und den Kinderchor. Bei ihm lernen Kinder Rhythmus, Noten und das gemeinsame Musizieren – und dass ein Konzert vor Publikum richtig Spaß machen kann.",
      "Максим учился в Киевской консерватории и в Высшей школе музыки имени Ханса Эйслера в Берлине. Он ведёт группы нашей музыкальной студии и детский хор. У него дети осваивают ритм, ноты и игру в ансамбле — и узнают, что выступать перед публикой может быть очень весело.",
    ),
  },
  {
    slug: "katharina-richter",
    firstName: "Katharina",
    lastName: "Richter",
    firstNameRu: "Катарина",
    lastNameRu: "Рихтер",
    job: l("Theaterpädagogin und Schauspielerin", "Театральный педагог и актриса"),
    subject: l("Theater und Improvisation", "Театр и импровизация"),
    bio: l(
      "Katharina hat Schauspiel in Leipzig und Theaterpädagogik in Berlin studiert und stand viele Jahre auf Kinder- und Jugendbühnen. In ihren Gruppen entstehen Stücke, die die Jugendlichen selbst mitschreiben. Sie glaubt daran, dass jeder Mensch auf der Bühne wachsen kann – auch die Stillen.",
      "Катарина изучала актёрское мастерство в Лейпциге и театральную педагогику в Берлине, много лет играла на детских и молодёжных сценах. В её группах рождаются спектакли, которые подростки пишут вместе с ней. Она уверена: на сцене может раскрыться каждый — даже самые тихие.",
    ),
  },
  {
    slug: "felix-neumann",
    firstName: "Felix",
    lastName: "Neumann",
    firstNameRu: "Феликс",
    lastNameRu: "Нойман",
    job: l("Informatiker und MINT-Pädagoge", "Программист и педагог по STEM"),
    subject: l("Robotik und Programmieren", "Робототехника и программирование"),
    bio: l(
      "Felix hat Informatik an der TU Berlin studiert und ein paar Jahre in einem Start-up Software entwickelt, bevor er gemerkt hat, dass ihm das Unterrichten am meisten Freude macht. Bei ihm bauen Kinder Roboter, die fahren, blinken und Hindernissen ausweichen – und lernen dabei, wie man ein Problem in kleine Schritte zerlegt.",
      "Феликс изучал информатику в Техническом университете Берлина и несколько лет разрабатывал программы в стартапе, пока не понял, что больше всего ему нравится преподавать. У него дети собирают роботов, которые ездят, мигают и объезжают препятствия, и учатся разбивать сложную задачу на маленькие шаги.",
    ),
  },
];

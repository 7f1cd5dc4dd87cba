import type { ContentPageSeed } from "../types.ts";
import { l } from "../types.ts";
import { SCHOOL } from "./school.ts";

export const HOME_PAGE: ContentPageSeed = {
  key: "home",
  title: l("Atelier – Kunst- und Sprachschule in Berlin", "«Ателье» — школа искусств и языков в Берлине"),
  description: l(
    "Kurse, Ferienakademien und Workshops für Kinder und Jugendliche in Berlin: Malerei, Keramik, Comics, Sprachen, Musik, Schach, Theater und Robotik.",
    "Курсы, каникулярные академии и мастер-классы для детей и подростков в Берлине: живопись, керамика, языки, музыка, шахматы, театр, роботы.",
  ),
  body: l(
    `## Kunst und Sprachen unter einem Dach

Im Atelier in Prenzlauer Berg und in Charlottenburg malen, töpfern, zeichnen und spielen Kinder und Jugendliche von 5 bis 18 Jahren – auf Deutsch, Russisch und Englisch. Unsere Lehrkräfte sind Künstlerinnen, Musiker, Schachtrainer und Pädagoginnen, die ihr Fach lieben.

## Für jedes Alter das Passende

Wählen Sie nach Alter, Sprache und Fach: wöchentliche Kurse im Monatsabo, Terminkarten für flexible Familien, Ferienakademien in den Oster- und Sommerferien, Workshops am Wochenende und Kindergeburtstage im Atelier.

## Probestunde gratis

Sie sind unsicher, welcher Kurs passt? Fragen Sie auf jeder Kursseite eine kostenlose Probestunde an – wir melden uns innerhalb von zwei Werktagen.`,
    `## Искусство и языки под одной крышей

В «Ателье» в Пренцлауэр-Берге и Шарлоттенбурге дети и подростки от 5 до 18 лет рисуют, лепят, играют и учатся — на немецком, русском и английском. Наши педагоги — художники, музыканты, шахматные тренеры и учителя, влюблённые в своё дело.

## Для любого возраста

Выбирайте по возрасту, языку и предмету: еженедельные курсы по абонементу, карты на занятия для тех, кому нужна гибкость, каникулярные академии на Пасху и летом, мастер-классы по выходным и дни рождения в студии.

## Пробное занятие бесплатно

Не знаете, какой курс выбрать? Запишитесь на бесплатное пробное занятие на странице любого курса — мы ответим в течение двух рабочих дней.`,
  ),
};

export const ABOUT_PAGE: ContentPageSeed = {
  key: "about-us",
  title: l("Über uns", "О нас"),
  description: l(
    "Das Atelier wurde 2012 in Berlin gegründet: eine gemeinnützige Kunst- und Sprachschule für Kinder aus deutsch-, russisch- und mehrsprachigen Familien.",
    "«Ателье» основано в Берлине в 2012 году: некоммерческая школа искусств и языков для детей из немецко-, русско- и многоязычных семей.",
  ),
  body: l(
    `## Unsere Geschichte

Das Atelier begann 2012 mit einem Malkurs für sechs Kinder in einem Hinterhof der Kastanienallee. Heute lernen bei uns jede Woche über 400 Kinder und Jugendliche in zwei Häusern – in Prenzlauer Berg und in Charlottenburg.

## Was uns wichtig ist

- **Kleine Gruppen:** höchstens zwölf Kinder, in vielen Kursen nur acht.
- **Mehrsprachigkeit als Stärke:** Viele unserer Kinder wachsen mit zwei oder drei Sprachen auf. Bei uns dürfen sie alle sprechen.
- **Echtes Handwerk:** Wir arbeiten mit guten Materialien, echten Brennöfen, Druckpressen und Instrumenten.
- **Offen für alle:** Als gemeinnützige gGmbH finanzieren wir mit unserem Stipendienfonds Plätze für Kinder aus Familien mit wenig Geld.

## Unser Team

Bei uns unterrichten Künstlerinnen, Musiker, Schachtrainer und Sprachlehrerinnen aus vielen Ländern. Lernen Sie sie auf der Seite „Unser Team“ kennen.`,
    `## Наша история

«Ателье» началось в 2012 году с курса живописи для шести детей во дворе на Кастаниеналлее. Сегодня у нас каждую неделю занимаются больше 400 детей и подростков в двух зданиях — в Пренцлауэр-Берге и Шарлоттенбурге.

## Что для нас важно

- **Маленькие группы:** не больше двенадцати детей, во многих курсах всего восемь.
- **Многоязычие — это сила:** многие наши ученики растут с двумя или тремя языками. У нас можно говорить на любом из них.
- **Настоящее ремесло:** мы работаем с хорошими материалами, настоящими печами для обжига, печатными станками и инструментами.
- **Открыто для всех:** как некоммерческая организация (gGmbH) мы финансируем из стипендиального фонда места для детей из семей с небольшим доходом.

## Наша команда

У нас преподают художники, музыканты, шахматные тренеры и учителя языков из разных стран. Познакомьтесь с ними на странице «Наша команда».`,
  ),
};

export const PRICES_PAGE: ContentPageSeed = {
  key: "prices",
  title: l("Preise", "Цены"),
  description: l(
    "Preise im Atelier: Kurse ab 69 € im Monat, Terminkarte mit 10 Terminen, Ferienakademie ab 179 € pro Woche, Workshops ab 35 €.",
    "Цены в «Ателье»: курсы от 69 € в месяц, карта на 10 занятий, каникулярная академия от 179 € в неделю, мастер-классы от 35 €.",
  ),
  body: l(
    `## Kurse im Monatsabo

| Umfang | 60 Minuten | 90 Minuten |
|---|---|---|
| 1 × pro Woche | 79 € | 99 € |
| 2 × pro Woche | 145 € | 185 € |
| 3 × pro Woche | 199 € | – |

Das Abo ist monatlich kündbar. Ferien und Feiertage sind im Monatspreis berücksichtigt. Einige Kurse wie das Musikstudio (45 Minuten, ab 69 €) und das Jugendtheater (120 Minuten, 89 €) haben eigene Preise – Sie finden sie auf der jeweiligen Kursseite.

## Terminkarte

10 Termine nach Wahl, sechs Monate gültig: 220 € (60 Minuten) oder 270 € (90 Minuten).

## Ferienakademien

Halbtags (9–13 oder 13–17 Uhr) ab 179 € pro Woche, ganztags mit Mittagessen ab 289 € pro Woche.

## Workshops, Veranstaltungen und Geburtstage

Workshops kosten 35–65 € inklusive Material, Geburtstagspakete 290–490 €.

## Ermäßigungen

Für Geschwister gibt es auf Anfrage einen Rabatt. Familien mit berlinpass oder Anspruch auf Leistungen für Bildung und Teilhabe sprechen uns bitte an – unser Stipendienfonds hilft.`,
    `## Курсы по абонементу

| Объём | 60 минут | 90 минут |
|---|---|---|
| 1 раз в неделю | 79 € | 99 € |
| 2 раза в неделю | 145 € | 185 € |
| 3 раза в неделю | 199 € | – |

Абонемент можно отменить ежемесячно. Каникулы и праздники уже учтены в цене месяца. У некоторых курсов, например музыкальной студии (45 минут, от 69 €) и молодёжного театра (120 минут, 89 €), свои цены — смотрите на странице курса.

## Карта на занятия

10 занятий на выбор, действует шесть месяцев: 220 € (60 минут) или 270 € (90 минут).

## Каникулярные академии

Полдня (9–13 или 13–17) — от 179 € в неделю, полный день с обедом — от 289 € в неделю.

## Мастер-классы, мероприятия и дни рождения

Мастер-классы стоят 35–65 € с материалами, пакеты на день рождения — 290–490 €.

## Скидки

Для братьев и сестёр скидка — по запросу. Семьи с berlinpass или правом на льготы Bildung und Teilhabe — обратитесь к нам, поможет наш стипендиальный фонд.`,
  ),
};

export const CONTACTS_PAGE: ContentPageSeed = {
  key: "contacts",
  title: l("Kontakt", "Контакты"),
  description: l(
    "So erreichen Sie das Atelier: Kastanienallee 12 in Prenzlauer Berg und Wilmersdorfer Straße 85 in Charlottenburg, Telefon und E-Mail.",
    "Как связаться с «Ателье»: Kastanienallee 12 в Пренцлауэр-Берге и Wilmersdorfer Straße 85 в Шарлоттенбурге, телефон и e-mail.",
  ),
  body: l(
    `## Atelier Prenzlauer Berg

${SCHOOL.street}, ${SCHOOL.city}
Telefon: ${SCHOOL.phone}
U2 Eberswalder Straße, Tram M1 und 12

## Atelier Charlottenburg

${SCHOOL.branchStreet}, ${SCHOOL.branchCity}
Telefon: ${SCHOOL.branchPhone}
U7 Wilmersdorfer Straße, S-Bahn Charlottenburg

## Büro

E-Mail: ${SCHOOL.email}
Montag bis Freitag 10–18 Uhr, Samstag 10–14 Uhr

Sie möchten einen Beratungstermin, einen Rückruf oder eine Kooperation mit Ihrer Schule? Nutzen Sie die Formulare unten – wir antworten innerhalb von zwei Werktagen.`,
    `## «Ателье» в Пренцлауэр-Берге

${SCHOOL.street}, ${SCHOOL.city}
Телефон: ${SCHOOL.phone}
U2 Eberswalder Straße, трамваи M1 и 12

## «Ателье» в Шарлоттенбурге

${SCHOOL.branchStreet}, ${SCHOOL.branchCity}
Телефон: ${SCHOOL.branchPhone}
U7 Wilmersdorfer Straße, S-Bahn Charlottenburg

## Офис

E-mail: ${SCHOOL.email}
Понедельник — пятница 10–18, суббота 10–14

Хотите записаться на консультацию, заказать обратный звонок или предложить сотрудничество вашей школе? Воспользуйтесь формами ниже — мы ответим в течение двух рабочих дней.`,
  ),
};

export const SCHOOL_OFFERS_PAGE: ContentPageSeed = {
  key: "school-offers",
  title: l("Angebote für Schulen", "Предложения для школ"),
  description: l(
    "Projekttage, AGs und Projektwochen für Berliner Schulen: Kunst, Keramik, Schach und Robotik – im Atelier oder direkt bei Ihnen.",
    "Проектные дни, кружки и проектные недели для берлинских школ: искусство, керамика, шахматы и роботы — у нас или у вас в школе.",
  ),
  body: l(
    `## Kreative Projekte für Ihre Klasse

Seit vielen Jahren arbeiten wir mit Berliner Grund- und Oberschulen zusammen. Unsere Lehrkräfte kommen mit allen Materialien zu Ihnen oder empfangen Ihre Klasse in unseren Werkstätten.

## So funktioniert es

1. Wählen Sie ein Angebot und buchen Sie online oder per E-Mail.
2. Wir stimmen Termin, Thema und Ablauf mit Ihnen ab.
3. Nach dem Projekt erhält die Schule eine Rechnung; eine Finanzierung über Bildung und Teilhabe oder den Förderverein ist möglich.

Fragen beantworten wir gern unter ${SCHOOL.email}.`,
    `## Творческие проекты для вашего класса

Мы много лет сотрудничаем с берлинскими начальными и средними школами. Наши педагоги приезжают к вам со всеми материалами или принимают класс в наших мастерских.

## Как это работает

1. Выберите предложение и оформите заказ онлайн или по электронной почте.
2. Мы согласуем с вами дату, тему и программу.
3. После проекта школа получает счёт; возможно финансирование через Bildung und Teilhabe или родительский фонд школы.

На вопросы с удовольствием ответим по адресу ${SCHOOL.email}.`,
  ),
};

export const SPECIAL_OFFERS_PAGE: ContentPageSeed = {
  key: "special-offers",
  title: l("Sonderangebote", "Специальные предложения"),
  description: l(
    "Schnupperkarte, Familienabende und Intensivkurse: aktuelle Sonderangebote des Ateliers für Kinder, Jugendliche und Familien in Berlin.",
    "Пробная карта, семейные вечера и интенсивы: актуальные специальные предложения «Ателье» для детей, подростков и семей в Берлине.",
  ),
  body: l(
    `## Ausprobieren und gemeinsam erleben

Hier finden Sie zeitlich begrenzte Angebote: die Schnupperkarte für Unentschlossene, Abende für Eltern und Kinder in der Keramikwerkstatt und Intensivkurse vor dem Schulstart.

Außerdem sparen Sie mit dem Code **WELCOME10** 10 % auf Ihre Bestellung.`,
    `## Попробовать и пережить вместе

Здесь собраны предложения на ограниченное время: пробная карта для тех, кто ещё выбирает, вечера для родителей и детей в керамической мастерской и интенсивы перед началом учебного года.

А с промокодом **WELCOME10** вы сэкономите 10 % на заказе.`,
  ),
};

import { withdrawalTermsMarkdown } from "@atelier/contract";
import type { ContentPageSeed } from "../types.ts";
import { l } from "../types.ts";
import { BINDING_NOTE_RU, DEMO_NOTE_DE, DEMO_NOTE_RU, SCHOOL } from "./school.ts";

/** General terms and conditions for bookings, with the withdrawal instructions. */
export const TERMS_PAGE: ContentPageSeed = {
  key: "terms",
  title: l("Allgemeine Geschäftsbedingungen", "Общие условия (AGB)"),
  description: l(
    "AGB der Atelier Kunst- und Sprachschule für Buchungen von Kursen, Ferienakademien, Workshops und Gutscheinen: Preise, Zahlung, Widerruf, Kündigung.",
    "Общие условия школы «Ателье» для курсов, академий, мастер-классов и сертификатов: цены, оплата, отказ от договора, расторжение.",
  ),
  body: l(
    `${DEMO_NOTE_DE}

## § 1 Geltungsbereich

Diese Bedingungen gelten für alle Buchungen im Online-Shop der ${SCHOOL.name}, ${SCHOOL.street}, ${SCHOOL.city} (im Folgenden „Atelier“). Angebote sind Kurse im Abonnement, Terminkarten, Ferienakademien, Workshops, Veranstaltungen, Geburtstagsfeiern, Gutscheine sowie Angebote für Schulen.

## § 2 Vertragsschluss

Die Darstellung der Angebote im Shop ist eine unverbindliche Einladung zur Bestellung. Mit Klick auf „Zahlungspflichtig bestellen“ geben Sie ein verbindliches Angebot ab. Der Vertrag kommt zustande, wenn die Zahlung erfolgreich abgeschlossen ist und wir die Buchung per E-Mail bestätigen. Plätze werden während des Bezahlvorgangs für kurze Zeit reserviert.

## § 3 Preise und Umsatzsteuer

Alle Preise sind Endpreise in Euro. Unsere Unterrichtsleistungen (Kurse, Ferienakademien und Angebote für Schulen) sind nach § 4 Nr. 21 UStG von der Umsatzsteuer befreit, soweit die gesetzlichen Voraussetzungen vorliegen. Für andere Leistungen, etwa Geburtstagsfeiern und Veranstaltungen, ist die gesetzliche Umsatzsteuer im Preis enthalten.

## § 4 Zahlung

Die Zahlung erfolgt über PayPal. Einmalige Leistungen sind bei der Bestellung fällig. Abonnements werden monatlich im Voraus über ein PayPal-Abonnement abgebucht, das Sie nach der ersten Zahlung aktivieren. Gutscheine und Promocodes werden im Warenkorb eingelöst; eine Barauszahlung ist ausgeschlossen.

## § 5 Kurse im Abonnement und Terminkarten

(1) Ein Kursabonnement umfasst die gebuchte Zahl von Terminen pro Woche in der gewählten Gruppe und läuft auf unbestimmte Zeit.
(2) Sie können das Abonnement jederzeit zum Ende des laufenden Abrechnungsmonats kündigen – in Textform oder mit einem Klick über die Schaltfläche „Abo kündigen“ in Ihrem Profil (§ 312k BGB).
(3) Schulferien und gesetzliche Feiertage sind im Monatspreis bereits berücksichtigt; in diesen Zeiten findet kein Kursunterricht statt.
(4) Terminkarten umfassen zehn Termine und sind sechs Monate ab Kauf gültig.
(5) Versäumte Termine können nach Absage bis 24 Stunden vorher innerhalb von vier Wochen in einer anderen Gruppe nachgeholt werden, soweit Plätze frei sind.

## § 6 Ferienakademien, Workshops und Veranstaltungen

Die Buchung gilt für die gewählten Wochen beziehungsweise Termine. Bis sieben Tage vor Beginn erstatten wir den vollen Preis bei Stornierung; danach ist eine Erstattung nur möglich, wenn der Platz neu vergeben wird. Sie können jederzeit eine Ersatzperson benennen.

## § 7 Absage durch das Atelier

Müssen wir einen Termin absagen, etwa wegen Krankheit der Lehrkraft oder zu geringer Teilnehmerzahl, bieten wir einen Ersatztermin an oder erstatten den anteiligen Preis. Weitergehende Ansprüche bestehen nur nach § 9.

## § 8 Widerrufsrecht

Verbraucherinnen und Verbrauchern steht bei Fernabsatzverträgen grundsätzlich ein Widerrufsrecht zu.

${withdrawalTermsMarkdown("de", SCHOOL)}

## § 9 Haftung und Aufsicht

Wir haften unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit. Im Übrigen haften wir nur für die Verletzung wesentlicher Vertragspflichten, begrenzt auf den vorhersehbaren, vertragstypischen Schaden. Die Aufsicht beginnt mit der Übergabe des Kindes an die Lehrkraft und endet mit dem Ende des Termins.

## § 10 Gutscheine

Gutscheine sind drei Jahre ab dem Ende des Kaufjahres gültig und für alle Angebote im Shop einlösbar. Restguthaben bleibt erhalten.

## § 11 Schlussbestimmungen

Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts; zwingende Verbraucherschutzvorschriften des Staates Ihres gewöhnlichen Aufenthalts bleiben unberührt. Sollte eine Bestimmung unwirksam sein, bleibt der Vertrag im Übrigen wirksam.`,
    `${DEMO_NOTE_RU}

${BINDING_NOTE_RU}

## § 1 Сфера действия

Настоящие условия действуют для всех заказов в интернет-магазине ${SCHOOL.name}, ${SCHOOL.street}, ${SCHOOL.city} (далее — «Ателье»). Мы предлагаем курсы по абонементу, карты на занятия, каникулярные академии, мастер-классы, мероприятия, дни рождения, подарочные сертификаты и предложения для школ.

## § 2 Заключение договора

Предложения в магазине не являются офертой, а лишь приглашением сделать заказ. Нажимая «Оформить заказ с оплатой», вы делаете обязывающее предложение. Договор заключается после успешной оплаты и нашего подтверждения по электронной почте. Во время оплаты места ненадолго резервируются.

## § 3 Цены и НДС

Все цены окончательные, в евро. Наши образовательные услуги (курсы, каникулярные академии и предложения для школ) освобождены от НДС согласно § 4 п. 21 UStG при соблюдении предусмотренных законом условий. В стоимость прочих услуг, например праздников и мероприятий, включён НДС по действующей ставке.

## § 4 Оплата

Оплата производится через PayPal. Разовые услуги оплачиваются при заказе. Абонементы списываются ежемесячно авансом через подписку PayPal, которую вы активируете после первого платежа. Сертификаты и промокоды применяются в корзине; выплата наличными исключена.

## § 5 Курсы по абонементу и карты на занятия

(1) Абонемент включает выбранное число занятий в неделю в выбранной группе и действует бессрочно.
(2) Абонемент можно отменить в любой момент до конца текущего расчётного месяца — письменно или одним нажатием кнопки «Отменить абонемент» в профиле (§ 312k BGB).
(3) Школьные каникулы и праздничные дни уже учтены в ежемесячной цене; в эти периоды занятий курса нет.
(4) Карта на занятия включает десять занятий и действует шесть месяцев с момента покупки.
(5) Пропущенные занятия при отмене не позднее чем за 24 часа можно отработать в другой группе в течение четырёх недель при наличии мест.

## § 6 Каникулярные академии, мастер-классы и мероприятия

Заказ действует на выбранные недели или даты. При отмене не позднее чем за семь дней до начала мы возвращаем полную стоимость; позже возврат возможен, только если место займёт другой участник. Вы всегда можете прислать вместо себя другого участника.

## § 7 Отмена занятий со стороны «Ателье»

Если нам придётся отменить занятие, например из-за болезни педагога или слишком малого числа участников, мы предложим другую дату или вернём соответствующую часть стоимости. Дальнейшие требования возможны только согласно § 9.

## § 8 Право на отказ от договора

Потребители, как правило, имеют право отказаться от договора, заключённого дистанционно.

${withdrawalTermsMarkdown("ru", SCHOOL)}

## § 9 Ответственность и присмотр

Мы несём неограниченную ответственность за умысел и грубую неосторожность, а также за вред жизни и здоровью. В остальных случаях мы отвечаем только за нарушение существенных договорных обязанностей и в пределах предвидимого, типичного для договора ущерба. Присмотр начинается с момента, когда ребёнка передали педагогу, и заканчивается с окончанием занятия.

## § 10 Подарочные сертификаты

Сертификаты действуют три года с конца года покупки и принимаются для всех предложений магазина. Неиспользованный остаток сохраняется.

## § 11 Заключительные положения

Применяется право Федеративной Республики Германия за исключением Конвенции ООН о договорах международной купли-продажи товаров; императивные нормы о защите потребителей страны вашего постоянного проживания сохраняют силу. Недействительность отдельного положения не затрагивает остальной договор.`,
  ),
};

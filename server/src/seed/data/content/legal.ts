import type { ContentPageSeed } from "../types.ts";
import { l } from "../types.ts";
import { BINDING_NOTE_RU, DEMO_NOTE_DE, DEMO_NOTE_RU, SCHOOL } from "./school.ts";

/** Impressum per § 5 DDG. */
export const LEGAL_PAGE: ContentPageSeed = {
  key: "legal",
  title: l("Impressum", "Выходные данные (Impressum)"),
  description: l(
    "Impressum der Atelier Kunst- und Sprachschule gGmbH, Kastanienallee 12, 10435 Berlin: Anbieter, Kontakt und Registerangaben.",
    "Выходные данные Atelier Kunst- und Sprachschule gGmbH, Kastanienallee 12, 10435 Berlin: владелец, контакты, реестр.",
  ),
  body: l(
    `${DEMO_NOTE_DE}

## Angaben gemäß § 5 DDG

${SCHOOL.name}
${SCHOOL.street}
${SCHOOL.city}
Deutschland

**Vertreten durch die Geschäftsführerin:** ${SCHOOL.managingDirector}

## Kontakt

Telefon: ${SCHOOL.phone}
E-Mail: ${SCHOOL.email}

## Registereintrag

Eingetragen im Handelsregister.
Registergericht: Amtsgericht Charlottenburg
Registernummer: HRB 000000 B (Demo)

## Umsatzsteuer-Identifikationsnummer

Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${SCHOOL.vatId} (Demo)

## Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV

${SCHOOL.managingDirector}, ${SCHOOL.street}, ${SCHOOL.city}

## EU-Streitschlichtung

Die Plattform der Europäischen Kommission zur Online-Streitbeilegung (OS-Plattform) wurde zum 20. Juli 2025 eingestellt. Bei Fragen oder Beschwerden wenden Sie sich bitte direkt an uns: ${SCHOOL.email}.

## Verbraucherstreitbeilegung

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 VSBG).

## Bildnachweise

Illustrationen und Fotos: Atelier Kunst- und Sprachschule; Schülerarbeiten mit Einverständnis der Eltern.`,
    `${DEMO_NOTE_RU}

${BINDING_NOTE_RU}

## Сведения согласно § 5 DDG

${SCHOOL.name}
${SCHOOL.street}
${SCHOOL.city}
Германия

**В лице управляющего директора:** ${SCHOOL.managingDirector}

## Контакты

Телефон: ${SCHOOL.phone}
E-mail: ${SCHOOL.email}

## Регистрация

Зарегистрировано в торговом реестре.
Регистрационный суд: Amtsgericht Charlottenburg
Регистрационный номер: HRB 000000 B (демо)

## Идентификационный номер плательщика НДС

Номер согласно § 27a закона о НДС (UStG): ${SCHOOL.vatId} (демо)

## Ответственный за содержание согласно § 18 абз. 2 MStV

${SCHOOL.managingDirector}, ${SCHOOL.street}, ${SCHOOL.city}

## Урегулирование споров в ЕС

Платформа Европейской комиссии для онлайн-урегулирования споров (OS-Plattform) прекратила работу 20 июля 2025 года. С вопросами и жалобами обращайтесь, пожалуйста, напрямую к нам: ${SCHOOL.email}.

## Урегулирование споров с потребителями

Мы не готовы и не обязаны участвовать в процедурах урегулирования споров в потребительской арбитражной комиссии (§ 36 VSBG).

## Источники изображений

Иллюстрации и фотографии: Atelier Kunst- und Sprachschule; работы учеников публикуются с согласия родителей.`,
  ),
};

/** The school's imprint data: demo values that must be replaced before going live. */
export const SCHOOL = {
  name: "Atelier Kunst- und Sprachschule gGmbH",
  street: "Kastanienallee 12",
  city: "10435 Berlin",
  branchStreet: "Wilmersdorfer Straße 85",
  branchCity: "10629 Berlin",
  managingDirector: "Anna Petrova",
  phone: "+49 30 1234567",
  branchPhone: "+49 30 7654321",
  email: "info@atelier-berlin.example",
  privacyEmail: "datenschutz@atelier-berlin.example",
  vatId: "DE000000000",
} as const;

/**
 * The demo notice at the top of each legal page of the seed (decision D66). It is only text in the seeded
 * body: when the school enters its real imprint, privacy policy and terms, the notice goes with the demo
 * text, and no code looks for it.
 */
export const DEMO_NOTE_DE =
  "> **Hinweis:** Dies sind Demodaten. Vor dem Livegang müssen alle Angaben durch die echten Daten der Schule ersetzt und rechtlich geprüft werden.";
export const DEMO_NOTE_RU =
  "> **Внимание:** это демонстрационные данные. Перед запуском все сведения необходимо заменить настоящими данными школы и проверить юридически.";
export const BINDING_NOTE_RU = "Перевод предоставлен для удобства; юридическую силу имеет немецкая версия.";

/**
 * Texts of the office manager's back office (issue 29): money fields and the words shown instead of codes,
 * in German and Russian.
 */
export const OFFICE_TEXTS = {
  de: {
    // The sign-in form asks for the e-mail the account was made with, not a user name (D232).
    ra: { auth: { username: "E-Mail", password: "Passwort" } },
    admin: {
      money: {
        invalid: "Bitte einen Betrag in Euro eingeben, z. B. 89,00 oder 1.089,50.",
        too_small: "Mindestens %{min} €.",
        too_large: "Höchstens %{max} €.",
        hint: "Betrag in Euro, z. B. 89,00",
        drastic_title: "Preis wirklich so ändern?",
        drastic_text:
          "Der Preis ändert sich von %{before} auf %{after}, um mehr als das Fünffache. Stimmt der neue Preis?",
        drastic_confirm: "Ja, so speichern",
        drastic_cancel: "Zurück zum Preis",
      },
    },
  },
  ru: {
    ra: { auth: { username: "Электронная почта", password: "Пароль" } },
    admin: {
      money: {
        invalid: "Введите сумму в евро, например 89,00 или 1 089,50.",
        too_small: "Не меньше %{min} €.",
        too_large: "Не больше %{max} €.",
        hint: "Сумма в евро, например 89,00",
        drastic_title: "Точно изменить цену так?",
        drastic_text: "Цена меняется с %{before} на %{after} — больше чем в пять раз. Новая цена верна?",
        drastic_confirm: "Да, сохранить",
        drastic_cancel: "Вернуться к цене",
      },
    },
  },
} as const;

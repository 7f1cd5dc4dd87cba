import type { Locale } from "../rules/locales.ts";

/** The trader's contact the withdrawal terms name. */
export type WithdrawalContact = { name: string; street: string; city: string; phone: string; email: string };

/**
 * The withdrawal terms (Widerrufsbelehrung) and the model withdrawal form (Muster-Widerrufsformular, Art. 246a
 * EGBGB), one source in de and ru (issue 32 item 2, D251): § 8 of the terms page and the order confirmation
 * mail (§ 312f (2) BGB) both take them from here. Each block is a heading and its paragraph.
 */
export function withdrawalTerms(locale: Locale, s: WithdrawalContact): { title: string; text: string }[] {
  if (locale === "ru")
    return [
      {
        title: "Разъяснение о праве на отказ",
        text: `Вы вправе в течение четырнадцати дней без объяснения причин отказаться от договора. Срок составляет четырнадцать дней со дня заключения договора. Чтобы воспользоваться правом на отказ, сообщите нам (${s.name}, ${s.street}, ${s.city}, телефон ${s.phone}, e-mail ${s.email}) недвусмысленным заявлением (например, по электронной почте) о своём решении. Для соблюдения срока достаточно отправить сообщение до его истечения.`,
      },
      {
        title: "Последствия отказа",
        text: "При отказе от договора мы незамедлительно, но не позднее чем через четырнадцать дней со дня получения вашего заявления вернём все полученные от вас платежи тем же способом оплаты, который вы использовали. Если по вашей просьбе услуга начала оказываться в течение срока для отказа, вы оплачиваете соразмерную часть уже оказанных до отказа услуг.",
      },
      {
        title: "Исключение права на отказ",
        text: "Право на отказ не действует для договоров об услугах, связанных с проведением досуга, если договор предусматривает конкретную дату или период (§ 312g абз. 2 п. 9 BGB), — например, для мастер-классов, мероприятий и праздников в назначенную дату. В этом случае действуют правила отмены из § 6.",
      },
      {
        title: "Образец заявления об отказе",
        text: `Кому: ${s.name}, ${s.street}, ${s.city}, ${s.email}. Настоящим я/мы отказываюсь (отказываемся) от заключённого мной/нами договора об оказании следующей услуги (*): … / Дата заказа (*): … / Имя и адрес: … / Дата: … (*) Ненужное зачеркнуть.`,
      },
    ];
  return [
    {
      title: "Widerrufsbelehrung",
      text: `Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsschlusses. Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${s.name}, ${s.street}, ${s.city}, Telefon ${s.phone}, E-Mail ${s.email}) mittels einer eindeutigen Erklärung (z. B. per E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung vor Ablauf der Frist absenden.`,
    },
    {
      title: "Folgen des Widerrufs",
      text: "Wenn Sie diesen Vertrag widerrufen, zahlen wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurück, an dem die Mitteilung über Ihren Widerruf bei uns eingegangen ist. Für die Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben. Haben Sie verlangt, dass die Dienstleistung während der Widerrufsfrist beginnt, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zum Widerruf bereits erbrachten Leistungen entspricht.",
    },
    {
      title: "Ausschluss des Widerrufsrechts",
      text: "Das Widerrufsrecht besteht nicht bei Verträgen über Dienstleistungen im Zusammenhang mit Freizeitbetätigungen, wenn der Vertrag einen spezifischen Termin oder Zeitraum vorsieht (§ 312g Abs. 2 Nr. 9 BGB), etwa Workshops, Veranstaltungen und Geburtstagsfeiern zu einem festen Termin. Es gelten dann die Stornierungsregeln in § 6.",
    },
    {
      title: "Muster-Widerrufsformular",
      text: `An ${s.name}, ${s.street}, ${s.city}, ${s.email}: Hiermit widerrufe(n) ich/wir den von mir/uns abgeschlossenen Vertrag über die Erbringung der folgenden Dienstleistung (*): … / Bestellt am (*): … / Name und Anschrift: … / Datum: … (*) Unzutreffendes streichen.`,
    },
  ];
}

/** The blocks as the terms page's markdown writes them: a bold heading, a blank line, the paragraph. */
export function withdrawalTermsMarkdown(locale: Locale, contact: WithdrawalContact): string {
  return withdrawalTerms(locale, contact)
    .map((block) => `**${block.title}**\n\n${block.text}`)
    .join("\n\n");
}

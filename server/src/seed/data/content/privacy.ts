import type { ContentPageSeed } from "../types.ts";
import { l } from "../types.ts";
import { BINDING_NOTE_RU, DEMO_NOTE_DE, DEMO_NOTE_RU, SCHOOL } from "./school.ts";

/** Privacy policy per Art. 13 DSGVO. */
export const PRIVACY_PAGE: ContentPageSeed = {
  key: "privacy",
  title: l("Datenschutzerklärung", "Политика конфиденциальности"),
  description: l(
    "Wie die Atelier Kunst- und Sprachschule personenbezogene Daten im Online-Shop verarbeitet: Zwecke, Rechtsgrundlagen, PayPal, Cookies und Ihre Rechte.",
    "Как школа «Ателье» обрабатывает персональные данные в интернет-магазине: цели, правовые основания, PayPal, cookies и ваши права.",
  ),
  body: l(
    `${DEMO_NOTE_DE}

## 1. Verantwortlicher

${SCHOOL.name}, ${SCHOOL.street}, ${SCHOOL.city}
Telefon: ${SCHOOL.phone}, E-Mail: ${SCHOOL.privacyEmail}
Vertreten durch die Geschäftsführerin ${SCHOOL.managingDirector}.

## 2. Welche Daten wir verarbeiten und warum

**Besuch der Website.** Beim Aufruf speichert unser Server technisch notwendige Daten (IP-Adresse, Zeitpunkt, aufgerufene Seite, Browser) in Protokolldateien, um die Website sicher und stabil zu betreiben. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; die Protokolle werden nach 14 Tagen gelöscht.

**Kundenkonto.** Für die Registrierung verarbeiten wir Name, E-Mail-Adresse, Telefonnummer und Passwort (nur als sicherer Hash gespeichert), auf Wunsch auch Ihre Anschrift. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Vertrag und vorvertragliche Maßnahmen).

**Teilnehmende (Kinder).** Damit wir Plätze in altersgerechten Gruppen vergeben und die Aufsicht organisieren können, verarbeiten wir Vor- und Nachname und Geburtsdatum der angemeldeten Teilnehmenden. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Hinweise zu Allergien oder Gesundheit, die Sie freiwillig im Kommentar angeben, verarbeiten wir nur auf Grundlage Ihrer ausdrücklichen Einwilligung (Art. 9 Abs. 2 lit. a DSGVO).

**Bestellungen und Zahlung.** Für Buchungen verarbeiten wir Bestell-, Rechnungs- und Zahlungsdaten (Art. 6 Abs. 1 lit. b DSGVO) und bewahren Buchungsbelege nach den gesetzlichen Fristen der §§ 147 AO und 257 HGB auf (Art. 6 Abs. 1 lit. c DSGVO).

**Kontaktformulare und Probestunden.** Wenn Sie uns schreiben, einen Rückruf, eine Probestunde oder einen Platz auf der Warteliste anfragen, verarbeiten wir Ihre Angaben, um die Anfrage zu bearbeiten (Art. 6 Abs. 1 lit. b bzw. lit. f DSGVO).

**E-Mails.** Bestätigungen, Rechnungen und Hinweise zu gebuchten Terminen senden wir per E-Mail (Art. 6 Abs. 1 lit. b DSGVO). Werbung senden wir nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Den Inhalt versandter E-Mails (Text und Anhänge) löschen wir nach 90 Tagen, bei E-Mails zum Zurücksetzen des Passworts oder zur Bestätigung Ihrer E-Mail-Adresse nach 7 Tagen; als Nachweis des Versands bleiben Empfänger, Betreff und Zeitpunkt gespeichert.

## 3. Zahlungsabwicklung mit PayPal

Bezahlen Sie mit PayPal, übermitteln wir Bestellbetrag, Bestellnummer und die für die Zahlung nötigen Angaben an die PayPal (Europe) S.à r.l. et Cie, S.C.A., 22–24 Boulevard Royal, L-2449 Luxemburg. PayPal verarbeitet die Zahlungsdaten, um die Zahlung und wiederkehrende Abo-Zahlungen abzuwickeln, und führt dabei eigene Prüfungen (etwa zur Betrugsvorbeugung) in eigener Verantwortung durch. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Weitere Informationen: Datenschutzerklärung von PayPal unter paypal.com.

## 4. Anmeldung mit Google oder Facebook

Nutzen Sie die Anmeldung mit Google oder Facebook, erhalten wir vom jeweiligen Anbieter Ihren Namen, Ihre E-Mail-Adresse und eine Nutzerkennung. Die Anmeldung ist freiwillig; Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Anbieter sind die Google Ireland Limited und die Meta Platforms Ireland Limited, jeweils mit Sitz in Dublin, Irland.

## 5. Auftragsverarbeiter

Wir setzen sorgfältig ausgewählte Dienstleister ein, die Daten nur nach unserer Weisung verarbeiten (Art. 28 DSGVO): Hosting in Rechenzentren in der EU, E-Mail-Versand und – sofern aktiviert – ein Dienst zur Fehlerüberwachung, der technische Fehlerberichte erfasst.

## 6. Cookies und lokaler Speicher

Technisch notwendig sind die Speicherung Ihrer Sprache, Ihres Anmeldeschlüssels, Ihres Warenkorbs und Ihrer Cookie-Auswahl im Browser (§ 25 Abs. 2 TDDDG, Art. 6 Abs. 1 lit. f DSGVO). Statistik und externe Medien (z. B. Karten und Videos) sind standardmäßig ausgeschaltet und werden nur mit Ihrer Einwilligung geladen (§ 25 Abs. 1 TDDDG, Art. 6 Abs. 1 lit. a DSGVO). Ihre Auswahl können Sie jederzeit im Cookie-Dialog ändern und mit Wirkung für die Zukunft widerrufen.

## 7. Speicherdauer

Wir speichern Daten, solange es für den jeweiligen Zweck nötig ist. Kontodaten löschen wir, wenn Sie Ihr Konto schließen, soweit keine gesetzlichen Aufbewahrungspflichten bestehen; Buchungsbelege bewahren wir bis zu zehn Jahre auf.

## 8. Ihre Rechte

Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21). Eine Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3). Schreiben Sie uns dazu an ${SCHOOL.privacyEmail}. Wenn Sie ein Konto haben, können Sie Ihre Daten auch selbst herunterladen: im Profil unter „Ihre Daten“ (als JSON-Datei).

## 9. Beschwerderecht

Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO). Für uns zuständig ist die Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin.`,
    `${DEMO_NOTE_RU}

${BINDING_NOTE_RU}

## 1. Ответственное лицо

${SCHOOL.name}, ${SCHOOL.street}, ${SCHOOL.city}
Телефон: ${SCHOOL.phone}, e-mail: ${SCHOOL.privacyEmail}
В лице управляющего директора ${SCHOOL.managingDirector}.

## 2. Какие данные мы обрабатываем и зачем

**Посещение сайта.** При открытии сайта наш сервер сохраняет технически необходимые данные (IP-адрес, время, открытая страница, браузер) в журналах, чтобы сайт работал надёжно и безопасно. Правовое основание — ст. 6 абз. 1 п. f GDPR; журналы удаляются через 14 дней.

**Учётная запись.** При регистрации мы обрабатываем имя, адрес электронной почты, номер телефона и пароль (хранится только в виде надёжного хеша), по желанию — также ваш адрес. Правовое основание — ст. 6 абз. 1 п. b GDPR (договор и преддоговорные меры).

**Участники (дети).** Чтобы распределять места в группах по возрасту и организовать присмотр, мы обрабатываем имя, фамилию и дату рождения записанных участников. Правовое основание — ст. 6 абз. 1 п. b GDPR. Сведения об аллергиях или здоровье, которые вы добровольно указываете в комментарии, мы обрабатываем только с вашего явного согласия (ст. 9 абз. 2 п. a GDPR).

**Заказы и оплата.** Для бронирований мы обрабатываем данные заказа, счёта и оплаты (ст. 6 абз. 1 п. b GDPR) и храним бухгалтерские документы в течение сроков, установленных §§ 147 AO и 257 HGB (ст. 6 абз. 1 п. c GDPR).

**Формы обратной связи и пробные занятия.** Если вы пишете нам, просите перезвонить, записываетесь на пробное занятие или в лист ожидания, мы обрабатываем ваши данные, чтобы ответить на запрос (ст. 6 абз. 1 п. b или f GDPR).

**Электронные письма.** Подтверждения, счета и информацию о забронированных занятиях мы отправляем по электронной почте (ст. 6 абз. 1 п. b GDPR). Рекламу — только с вашего согласия (ст. 6 абз. 1 п. a GDPR). Содержание отправленных писем (текст и вложения) мы удаляем через 90 дней, а писем для сброса пароля или подтверждения адреса электронной почты — через 7 дней; в подтверждение отправки сохраняются получатель, тема и время отправки.

## 3. Оплата через PayPal

При оплате через PayPal мы передаём сумму, номер заказа и необходимые для оплаты данные компании PayPal (Europe) S.à r.l. et Cie, S.C.A., 22–24 Boulevard Royal, L-2449 Люксембург. PayPal обрабатывает платёжные данные для проведения разовых и регулярных платежей по абонементам и под свою ответственность проводит собственные проверки (например, для предотвращения мошенничества). Правовое основание — ст. 6 абз. 1 п. b GDPR. Подробнее — в политике конфиденциальности PayPal на paypal.com.

## 4. Вход через Google или Facebook

При входе через Google или Facebook мы получаем от провайдера ваше имя, адрес электронной почты и идентификатор пользователя. Такой вход добровольный; правовое основание — ст. 6 абз. 1 п. b GDPR. Провайдеры — Google Ireland Limited и Meta Platforms Ireland Limited, Дублин, Ирландия.

## 5. Обработчики данных

Мы привлекаем тщательно отобранных подрядчиков, которые обрабатывают данные только по нашему поручению (ст. 28 GDPR): хостинг в дата-центрах ЕС, рассылка писем и — если включено — сервис мониторинга ошибок, собирающий технические отчёты.

## 6. Cookies и локальное хранилище

Технически необходимо хранить в браузере выбранный язык, ключ входа, корзину и ваш выбор настроек cookies (§ 25 абз. 2 TDDDG, ст. 6 абз. 1 п. f GDPR). Статистика и внешние медиа (например, карты и видео) по умолчанию выключены и загружаются только с вашего согласия (§ 25 абз. 1 TDDDG, ст. 6 абз. 1 п. a GDPR). Выбор можно в любой момент изменить в окне настроек cookies и отозвать согласие на будущее.

## 7. Срок хранения

Мы храним данные, пока они нужны для соответствующей цели. Данные учётной записи удаляем после её закрытия, если закон не требует их хранить; бухгалтерские документы храним до десяти лет.

## 8. Ваши права

Вы имеете право на получение информации (ст. 15 GDPR), исправление (ст. 16), удаление (ст. 17), ограничение обработки (ст. 18), переносимость данных (ст. 20) и возражение против обработки на основании законных интересов (ст. 21). Согласие можно в любой момент отозвать на будущее (ст. 7 абз. 3). Пишите нам: ${SCHOOL.privacyEmail}. Если у вас есть учётная запись, вы также можете сами скачать свои данные в профиле, в разделе «Ваши данные» (файл JSON).

## 9. Право на жалобу

Вы можете подать жалобу в надзорный орган по защите данных (ст. 77 GDPR). Для нас компетентен Уполномоченный Берлина по защите данных и свободе информации (Berliner Beauftragte für Datenschutz und Informationsfreiheit), Alt-Moabit 59–61, 10555 Berlin.`,
  ),
};

import { ADMIN_CATALOGUE_ERROR_MESSAGES } from "./admin-catalogue-errors.ts";
import { ADMIN_CONTENT_ERROR_MESSAGES } from "./admin-content-errors.ts";
import { ADMIN_ERROR_MESSAGES } from "./admin-errors.ts";
import { ADMIN_IMAGE_ERROR_MESSAGES } from "./admin-images-errors.ts";
import { ADMIN_MOVE_ERROR_MESSAGES, ADMIN_ORDER_ERROR_MESSAGES } from "./admin-orders-errors.ts";
import { ADMIN_REQUESTS_ERROR_MESSAGES } from "./admin-requests-errors.ts";
import { LESSON_ERROR_MESSAGES } from "./lessons-errors.ts";
import type { Locale } from "./rules/locale.ts";
import { STAFF_ORDER_ERROR_MESSAGES } from "./staff-orders-errors.ts";

/**
 * Stable error codes carried in `error_codes` beside the DRF-style messages, and their only texts: the
 * server writes them in the request's locale, and every web form shows them by code (web/src/lib/error-codes.ts),
 * so each text must read well under any field it can refuse.
 */
export const ERROR_MESSAGES = {
  required: { de: "Dieses Feld ist erforderlich.", ru: "Это поле обязательно." },
  invalid: { de: "Bitte prüfen Sie diese Angabe.", ru: "Проверьте это значение." },
  too_long: { de: "Die Angabe ist zu lang.", ru: "Значение слишком длинное." },
  too_short: { de: "Der Wert ist zu kurz.", ru: "Значение слишком короткое." },
  too_small: { de: "Der Wert ist zu klein.", ru: "Значение слишком маленькое." },
  too_big: { de: "Der Wert ist zu groß.", ru: "Значение слишком большое." },
  invalid_type: { de: "Falscher Datentyp.", ru: "Неверный тип данных." },
  invalid_choice: { de: "Ungültige Auswahl.", ru: "Недопустимый вариант." },
  unknown_field: {
    de: "Unbekanntes Feld „{field}“.",
    ru: "Неизвестное поле «{field}».",
  },
  control_characters: {
    de: "Bitte nur eine Zeile, ohne Zeilenumbrüche und Steuerzeichen.",
    ru: "Только одна строка, без переносов строк и управляющих символов.",
  },
  invalid_email: {
    de: "Geben Sie eine gültige E-Mail-Adresse ein.",
    ru: "Введите правильный адрес электронной почты.",
  },
  invalid_phone: {
    de: "Geben Sie eine gültige Telefonnummer mit Ländervorwahl ein (z. B. +4930123456).",
    ru: "Введите правильный номер телефона с кодом страны (например, +4930123456).",
  },
  password_min_length: { de: "Mindestens 8 Zeichen.", ru: "Минимум 8 символов." },
  password_too_long: { de: "Höchstens 64 Zeichen.", ru: "Не более 64 символов." },
  password_uppercase: { de: "Mindestens ein Großbuchstabe.", ru: "Хотя бы одна заглавная буква." },
  password_lowercase: { de: "Mindestens ein Kleinbuchstabe.", ru: "Хотя бы одна строчная буква." },
  password_digit: { de: "Mindestens eine Ziffer.", ru: "Хотя бы одна цифра." },
  password_special: { de: "Mindestens ein Sonderzeichen.", ru: "Хотя бы один специальный символ." },
  password_unchanged: {
    de: "Das neue Passwort muss sich vom aktuellen unterscheiden.",
    ru: "Новый пароль должен отличаться от текущего.",
  },
  password_mismatch: {
    de: "Die beiden Passwörter stimmen nicht überein.",
    ru: "Два поля пароля не совпадают.",
  },
  email_registered: {
    de: "Ein Benutzer ist bereits mit dieser E-Mail-Adresse registriert.",
    ru: "Пользователь с таким адресом электронной почты уже зарегистрирован.",
  },
  phone_unique: {
    de: "Diese Telefonnummer wird bereits verwendet.",
    ru: "Этот номер телефона уже используется.",
  },
  post_code_german: {
    de: "Eine deutsche Postleitzahl hat fünf Ziffern, z. B. 10435. Wohnen Sie im Ausland, geben Sie bitte auch das Land an.",
    ru: "Почтовый индекс в Германии состоит из пяти цифр, например 10435. Если вы живёте за границей, укажите, пожалуйста, и страну.",
  },
  post_code_invalid: {
    de: "Eine Postleitzahl besteht aus Ziffern und Buchstaben, höchstens 12 Zeichen.",
    ru: "Почтовый индекс состоит из цифр и букв, не более 12 символов.",
  },
  exists: {
    de: "Ein Konto mit dieser E-Mail-Adresse und Telefonnummer existiert bereits.",
    ru: "Учётная запись с таким адресом и номером телефона уже существует.",
  },
  invalid_credentials: {
    de: "Anmeldung mit diesen Zugangsdaten nicht möglich.",
    ru: "Невозможно войти с предоставленными учётными данными.",
  },
  email_not_verified: {
    de: "Die E-Mail-Adresse ist noch nicht bestätigt.",
    ru: "Адрес электронной почты не подтверждён.",
  },
  email_readonly: {
    de: "Die E-Mail-Adresse ändern Sie unter „E-Mail-Adresse ändern“: Sie bestätigen die neue Adresse über einen Link.",
    ru: "Адрес электронной почты меняется через «Изменить адрес почты»: новый адрес подтверждается по ссылке.",
  },
  email_unchanged: {
    de: "Das ist bereits die E-Mail-Adresse Ihres Kontos.",
    ru: "Это и есть текущий адрес вашей учётной записи.",
  },
  email_change_sign_in: {
    de: "Bitte melden Sie sich mit dem Konto an, dessen Adresse Sie ändern (noch mit der bisherigen Adresse); dann wird die neue bestätigt.",
    ru: "Войдите в учётную запись, адрес которой вы меняете (пока с прежним адресом), и новый адрес будет подтверждён.",
  },
  verify_password_required: {
    de: "Bitte geben Sie zur Bestätigung das Passwort ein, das Sie bei der Registrierung gewählt haben.",
    ru: "Для подтверждения введите пароль, который вы указали при регистрации.",
  },
  verify_password_wrong: {
    de: "Das Passwort stimmt nicht. Wenn Sie sich nicht selbst registriert haben oder das Passwort nicht mehr wissen, wählen Sie „Passwort vergessen?“.",
    ru: "Неверный пароль. Если вы не регистрировались сами или не помните пароль, выберите «Забыли пароль?».",
  },
  invalid_token: {
    de: "Der Link ist ungültig oder abgelaufen.",
    ru: "Ссылка недействительна или устарела.",
  },
  invalid_return_path: {
    de: "Diese Rücksprungadresse gehört nicht zu unserem Shop.",
    ru: "Этот адрес возврата не относится к нашему магазину.",
  },
  sso_not_configured: {
    de: "Die Anmeldung mit diesem Anbieter ist nicht eingerichtet.",
    ru: "Вход через этого провайдера не настроен.",
  },
  sso_failed: {
    de: "Die Anmeldung beim Anbieter ist fehlgeschlagen.",
    ru: "Не удалось войти через провайдера.",
  },
  sso_email_missing: {
    de: "Der Anbieter hat keine bestätigte E-Mail-Adresse übermittelt.",
    ru: "Провайдер не передал подтверждённый адрес электронной почты.",
  },
  not_found: { de: "Nicht gefunden.", ru: "Не найдено." },
  not_authenticated: { de: "Anmeldedaten fehlen.", ru: "Учётные данные не были предоставлены." },
  // DRF's own words ("Ungültiges Token.") would be jargon to a parent; clients key on the code and the 401.
  authentication_failed: {
    de: "Ihre Anmeldung ist nicht mehr gültig. Bitte melden Sie sich erneut an.",
    ru: "Ваш вход больше не действителен. Пожалуйста, войдите снова.",
  },
  permission_denied: { de: "Keine Berechtigung.", ru: "Недостаточно прав." },
  method_not_allowed: {
    de: "Methode „{method}“ nicht erlaubt.",
    ru: "Метод «{method}» не разрешён.",
  },
  payload_too_large: { de: "Die Anfrage ist zu groß.", ru: "Запрос слишком большой." },
  unsupported_media_type: { de: "Nicht unterstützter Inhaltstyp.", ru: "Неподдерживаемый тип содержимого." },
  too_deep: {
    de: "Die Daten sind zu tief verschachtelt.",
    ru: "Данные имеют слишком глубокую вложенность.",
  },
  parse_error: { de: "Die Anfrage ist fehlerhaft.", ru: "Некорректный запрос." },
  throttled: {
    de: "Zu viele Anfragen. Bitte später erneut versuchen.",
    ru: "Слишком много запросов. Попробуйте позже.",
  },
  request_timeout: {
    de: "Die Anfrage kam nicht vollständig an. Bitte versuchen Sie es erneut.",
    ru: "Запрос пришёл не полностью. Попробуйте ещё раз.",
  },
  invalid_date: {
    de: "Geben Sie ein gültiges Datum ein.",
    ru: "Введите правильную дату.",
  },
  not_a_lesson_day: {
    de: "An diesem Tag findet der Kurs nicht statt. Bitte wählen Sie einen seiner Termine.",
    ru: "В этот день занятий по курсу нет. Пожалуйста, выберите одну из его дат.",
  },
  trial_lesson_begun: {
    de: "Diese Stunde hat schon begonnen. Bitte wählen Sie einen anderen Termin aus der Liste.",
    ru: "Это занятие уже началось. Пожалуйста, выберите другую дату из списка.",
  },
  trial_slot_not_that_day: {
    de: "Diese Gruppe trifft sich an dem gewählten Tag nicht. Bitte wählen Sie einen Termin aus der Liste.",
    ru: "Эта группа в выбранный день не занимается. Пожалуйста, выберите дату из списка.",
  },
  date_in_past: {
    de: "Das Datum darf nicht in der Vergangenheit liegen.",
    ru: "Дата не может быть в прошлом.",
  },
  duplicate_choice: { de: "Jede Auswahl nur einmal.", ru: "Каждый вариант можно выбрать только один раз." },
  birth_date_in_future: {
    de: "Das Geburtsdatum darf nicht in der Zukunft liegen.",
    ru: "Дата рождения не может быть в будущем.",
  },
  birth_date_too_young: {
    de: "Teilnehmende müssen mindestens 2 Jahre alt sein.",
    ru: "Участнику должно быть не меньше 2 лет.",
  },
  birth_date_too_old: {
    de: "Bitte prüfen Sie das Geburtsjahr.",
    ru: "Пожалуйста, проверьте год рождения.",
  },
  product_not_found: {
    de: "Dieses Angebot gibt es nicht (mehr).",
    ru: "Такого предложения нет или оно больше недоступно.",
  },
  option_not_on_page: {
    de: "Diese Buchungsoption gehört nicht zu diesem Angebot.",
    ru: "Этот вариант покупки не относится к данному предложению.",
  },
  slot_count_mismatch: {
    de: "Bitte wählen Sie so viele Termine, wie die Option Treffen pro Woche hat.",
    ru: "Выберите столько занятий, сколько встреч в неделю в выбранном варианте.",
  },
  slot_required: {
    de: "Bitte wählen Sie die Zeit, zu der Ihr Kind kommen soll.",
    ru: "Выберите, пожалуйста, время, в которое ребёнок будет приходить.",
  },
  slot_not_on_page: {
    de: "Dieser Termin gehört nicht zu diesem Angebot oder ist vorbei.",
    ru: "Это время не относится к данному предложению или уже прошло.",
  },
  weeks_required: {
    de: "Bitte wählen Sie mindestens eine Woche.",
    ru: "Выберите хотя бы одну неделю.",
  },
  week_not_on_page: {
    de: "Diese Woche gehört nicht zu dieser Akademie oder ist vorbei.",
    ru: "Эта неделя не относится к данной академии или уже прошла.",
  },
  weeks_count_mismatch: {
    de: "Die Anzahl der Wochen passt nicht zu den gewählten Wochen.",
    ru: "Количество недель не совпадает с выбранными неделями.",
  },
  visitor_required: {
    de: "Bitte wählen Sie ein Kind für diese Buchung.",
    ru: "Выберите ребёнка для этой записи.",
  },
  visitor_required_at_checkout: {
    de: "Bitte wählen Sie im Warenkorb für jede Buchung das Kind, das teilnimmt, bevor Sie bezahlen.",
    ru: "Перед оплатой выберите в корзине для каждой записи ребёнка, который будет заниматься.",
  },
  visitor_not_found: {
    de: "Dieses Kind ist in Ihrem Profil nicht gespeichert.",
    ru: "Этот ребёнок не сохранён в вашем профиле.",
  },
  visitor_not_allowed: {
    de: "Ein Gutschein wird keinem Kind zugeordnet.",
    ru: "Подарочный сертификат не привязывается к ребёнку.",
  },
  age_not_in_group: {
    de: "Das Alter des Kindes passt nicht zur Altersgruppe dieses Angebots.",
    ru: "Возраст ребёнка не подходит для возрастной группы этого предложения.",
  },
  /** A guest's child refused at add (D141): named, with the age on the first day booked. */
  child_age_week: {
    de: "{name} ist in dieser Woche {age} Jahre alt; das Angebot ist für die Altersgruppe {group}.",
    ru: "{name}: на этой неделе возраст — {age}, а это предложение — для детей {group} лет.",
  },
  child_age_date: {
    de: "{name} ist am Tag des Termins {age} Jahre alt; das Angebot ist für die Altersgruppe {group}.",
    ru: "{name}: в день занятия возраст — {age}, а это предложение — для детей {group} лет.",
  },
  child_age_today: {
    de: "{name} ist {age} Jahre alt; das Angebot ist für die Altersgruppe {group}.",
    ru: "{name}: возраст — {age}, а это предложение — для детей {group} лет.",
  },
  no_seats_left: {
    de: "Für diesen Termin sind keine Plätze mehr frei.",
    ru: "На это время больше нет свободных мест.",
  },
  already_booked: {
    de: "Dieses Kind ist für diesen Termin schon gebucht.",
    ru: "Этот ребёнок уже записан на это время.",
  },
  seats_available: {
    de: "Hier ist noch ein Platz frei: Sie können direkt buchen.",
    ru: "Здесь ещё есть свободное место: вы можете записаться сразу.",
  },
  autopay_pending: {
    de: "Die automatische Zahlung wird gerade eingerichtet. Bitte laden Sie die Seite in ein paar Minuten neu.",
    ru: "Автоплатёж сейчас настраивается. Пожалуйста, обновите страницу через несколько минут.",
  },
  visitors_too_many: {
    de: "Sie haben schon 20 Kinder angelegt. Für weitere rufen Sie uns bitte an.",
    ru: "Вы уже добавили 20 детей. Чтобы добавить ещё, пожалуйста, позвоните нам.",
  },
  waiting_list_joins_too_many: {
    de: "Sie haben sich heute schon zu oft auf Wartelisten eingetragen. Bitte versuchen Sie es morgen wieder oder rufen Sie uns an.",
    ru: "Сегодня вы уже слишком часто записывались в листы ожидания. Пожалуйста, попробуйте завтра или позвоните нам.",
  },
  waiting_list_full: {
    de: "Sie stehen schon auf 20 Wartelisten. Bitte tragen Sie sich zuerst von einer aus.",
    ru: "Вы уже в 20 листах ожидания. Пожалуйста, сначала выйдите из одного из них.",
  },
  waiting_list_one_unit: {
    de: "Wählen Sie genau einen Termin oder eine Woche.",
    ru: "Выберите ровно одно время или одну неделю.",
  },
  offer_expired: {
    de: "Dieses Angebot ist abgelaufen; der Platz ging an den Nächsten auf der Warteliste.",
    ru: "Срок этого предложения истёк; место передано следующему в листе ожидания.",
  },
  cart_full: {
    de: "Der Warenkorb ist voll (höchstens 50 Buchungen). Bitte bestellen Sie zuerst einen Teil.",
    ru: "Корзина заполнена (не более 50 позиций). Пожалуйста, сначала оформите часть заказа.",
  },
  promocode_sign_in: {
    de: "Bitte melden Sie sich an, um einen Code einzulösen.",
    ru: "Пожалуйста, войдите в аккаунт, чтобы применить код.",
  },
  promocode_invalid: {
    de: "Diesen Gutscheincode gibt es nicht.",
    ru: "Такого промокода не существует.",
  },
  promocode_expired: {
    de: "Dieser Gutscheincode ist nicht (mehr) gültig.",
    ru: "Срок действия этого промокода истёк или ещё не начался.",
  },
  promocode_used_up: {
    de: "Dieser Gutscheincode wurde bereits zu oft eingelöst.",
    ru: "Этот промокод уже использован максимальное число раз.",
  },
  promocode_min_total: {
    de: "Der Bestellwert ist für diesen Gutscheincode zu niedrig.",
    ru: "Сумма заказа недостаточна для этого промокода.",
  },
  promocode_not_applicable: {
    de: "Dieser Gutscheincode gilt für keinen Artikel im Warenkorb.",
    ru: "Этот промокод не подходит ни к одному товару в корзине.",
  },
  gift_card_expired: {
    de: "Dieser Gutschein ist abgelaufen.",
    ru: "Срок действия этого сертификата истёк.",
  },
  gift_card_empty: {
    de: "Dieser Gutschein hat kein Guthaben mehr.",
    ru: "На этом сертификате не осталось средств.",
  },
  gift_card_pays_no_gift_card: {
    de: "Mit einem Gutschein lässt sich kein neuer Gutschein bezahlen. Bitte bestellen Sie den neuen Gutschein für sich allein und lösen Sie den Gutschein bei einem Kurs oder Workshop ein.",
    ru: "Сертификатом нельзя оплатить новый сертификат. Оформите, пожалуйста, новый сертификат отдельным заказом, а этим сертификатом оплатите курс или мастер-класс.",
  },
  gift_card_amount_range: {
    de: "Ein Gutschein kann zwischen 10 € und 500 € wert sein.",
    ru: "Сумма подарочного сертификата может быть от 10 до 500 €.",
  },
  gift_card_whole_euros: {
    de: "Bitte einen Betrag in ganzen Euro wählen.",
    ru: "Выберите сумму в целых евро.",
  },
  gift_card_send_too_far: {
    de: "Ein Gutschein kann höchstens ein Jahr im Voraus verschickt werden.",
    ru: "Подарочный сертификат можно отправить не более чем за год вперёд.",
  },
  gift_card_details_not_allowed: {
    de: "Empfänger und Betrag gibt es nur bei Gutscheinen.",
    ru: "Получатель и сумма указываются только для подарочных сертификатов.",
  },
  checkin_unpaid: {
    de: "Diese Buchung ist nicht bezahlt.",
    ru: "Это бронирование не оплачено.",
  },
  checkin_cancelled: {
    de: "Diese Buchung ist storniert.",
    ru: "Это бронирование отменено.",
  },
  checkin_not_today: {
    de: "Mit dieser Buchung ist heute kein Termin.",
    ru: "По этому бронированию сегодня нет занятия.",
  },
  checkin_contract_ended: {
    de: "Das Abo dieser Buchung ist gekündigt und bereits abgelaufen: Das Kind hat in diesem Kurs keinen Unterricht mehr.",
    ru: "Абонемент по этому бронированию расторгнут и уже закончился: занятий по этому курсу у ребёнка больше нет.",
  },
  present_before_lesson_day: {
    de: "Anwesend kann erst am Tag der Stunde eingetragen werden. Eine Abmeldung (abwesend) geht schon vorher.",
    ru: "Отметить присутствие можно только в день занятия. Отсутствие можно отметить заранее.",
  },
  checkin_lesson_cancelled: {
    de: "Die heutige Stunde ist abgesagt.",
    ru: "Сегодняшнее занятие отменено.",
  },
  cart_empty: {
    de: "Ihr Warenkorb ist leer.",
    ru: "Ваша корзина пуста.",
  },
  terms_required: {
    de: "Bitte akzeptieren Sie die AGB und nehmen Sie die Widerrufsbelehrung zur Kenntnis.",
    ru: "Пожалуйста, примите условия и ознакомьтесь с информацией о праве на отказ.",
  },
  billing_address_required: {
    de: "Für eine Rechnung über 250 € brauchen wir Ihre vollständige Anschrift (§ 14 UStG): Straße, Postleitzahl, Ort und Land.",
    ru: "Для счёта на сумму больше 250 € нужен полный адрес (§ 14 UStG): улица, почтовый индекс, город и страна.",
  },
  redirect_not_allowed: {
    de: "Diese Rücksprungadresse gehört nicht zum Shop.",
    ru: "Этот адрес возврата не относится к магазину.",
  },
  payment_unavailable: {
    de: "Die Zahlung ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.",
    ru: "Платёжная система сейчас недоступна. Попробуйте ещё раз через минуту.",
  },
  payment_not_approved: {
    de: "Die Zahlung wurde noch nicht freigegeben.",
    ru: "Платёж ещё не подтверждён.",
  },
  instrument_declined: {
    de: "Die gewählte Zahlungsart wurde abgelehnt. Bitte wählen Sie eine andere.",
    ru: "Выбранный способ оплаты отклонён. Пожалуйста, выберите другой.",
  },
  payment_declined: {
    de: "Die Zahlung wurde abgelehnt. Ihre Plätze sind wieder frei; die Angebote liegen wieder im Warenkorb.",
    ru: "Платёж отклонён. Места освобождены, предложения снова в корзине.",
  },
  order_not_payable: {
    de: "Diese Bestellung kann nicht mehr bezahlt werden. Bitte bestellen Sie erneut aus dem Warenkorb.",
    ru: "Этот заказ больше нельзя оплатить. Пожалуйста, оформите заказ заново из корзины.",
  },
  reservation_expired: {
    de: "Die Reservierung ist abgelaufen und die Plätze sind vergeben. Der Betrag wird erstattet.",
    ru: "Бронь истекла, и места заняты. Сумма будет возвращена.",
  },
  reservation_expired_gift_card: {
    de: "Die Reservierung ist abgelaufen, bevor Ihre Zahlung einging. Der Anteil Ihres Gutscheins ist wieder auf dem Gutschein, und der gezahlte Betrag wird erstattet. Sie können erneut bestellen.",
    ru: "Бронь истекла до того, как поступил ваш платёж. Сумма, оплаченная сертификатом, снова на сертификате, а ваш платёж будет возвращён. Вы можете оформить заказ заново.",
  },
  promocode_used_up_late: {
    de: "Die Reservierung ist abgelaufen, und der Gutscheincode wurde inzwischen vollständig eingelöst. Der Betrag wird erstattet; Sie können ohne den Code erneut bestellen.",
    ru: "Бронь истекла, а промокод тем временем исчерпан. Сумма будет возвращена; вы можете оформить заказ заново без промокода.",
  },
  payment_mismatch: {
    de: "Diese Zahlung passt nicht zu Ihrer Bestellung und wurde nicht verbucht. Wir prüfen sie und melden uns bei Ihnen.",
    ru: "Этот платёж не соответствует вашему заказу и не был зачтён. Мы проверим его и свяжемся с вами.",
  },
  withdrawal_no_right: {
    de: "Für dieses Angebot besteht kein Widerrufsrecht (Freizeitveranstaltung mit festem Termin).",
    ru: "Для этого предложения право на отказ не действует (мероприятие с фиксированной датой).",
  },
  withdrawal_period_over: {
    de: "Die Widerrufsfrist von 14 Tagen ist abgelaufen.",
    ru: "14-дневный срок для отказа от договора истёк.",
  },
  withdrawal_policy_over: {
    de: "Kostenlos stornieren konnten Sie nur bis zur Frist vor dem Termin; jetzt ist keine Erstattung mehr möglich. Sie können aber gern eine andere Person schicken.",
    ru: "Бесплатная отмена была возможна только до указанного срока перед датой; теперь вернуть деньги нельзя. Но вы можете передать место другому человеку.",
  },
  withdrawal_not_active: {
    de: "Diese Buchung ist storniert und kann nicht widerrufen werden.",
    ru: "Это бронирование отменено, отказ от договора невозможен.",
  },
  withdrawal_nothing_left: {
    de: "Dieser Gutschein ist vollständig eingelöst; es gibt nichts zu erstatten.",
    ru: "Сертификат полностью использован; возвращать нечего.",
  },
  not_a_subscription: {
    de: "Nur ein laufendes Kurs-Abo kann monatlich verlängert oder gekündigt werden.",
    ru: "Продлевать помесячно или расторгать можно только действующий абонемент на курс.",
  },
  subscription_cancelled: {
    de: "Dieses Abo ist bereits gekündigt.",
    ru: "Этот абонемент уже расторгнут.",
  },
  server_error: { de: "Ein interner Fehler ist aufgetreten.", ru: "Произошла внутренняя ошибка." },
  /** The database did not answer in time or dropped the connection (503 with Retry-After). */
  service_unavailable: {
    de: "Der Shop ist gerade kurz nicht erreichbar. Bitte versuchen Sie es in ein paar Sekunden noch einmal.",
    ru: "Магазин сейчас ненадолго недоступен. Попробуйте ещё раз через несколько секунд.",
  },
  ...ADMIN_ERROR_MESSAGES,
  ...ADMIN_ORDER_ERROR_MESSAGES,
  ...ADMIN_MOVE_ERROR_MESSAGES,
  ...ADMIN_CONTENT_ERROR_MESSAGES,
  ...ADMIN_REQUESTS_ERROR_MESSAGES,
  ...ADMIN_CATALOGUE_ERROR_MESSAGES,
  ...ADMIN_IMAGE_ERROR_MESSAGES,
  ...STAFF_ORDER_ERROR_MESSAGES,
  ...LESSON_ERROR_MESSAGES,
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, value);
}

/** The text of a code in a locale; `{name}` in it is replaced by `params.name` (e.g. the seats taken). */
export function errorMessage(
  code: string,
  locale: Locale,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const text = isErrorCode(code) ? ERROR_MESSAGES[code][locale] : ERROR_MESSAGES.invalid[locale];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** DRF-style error body: `{"field": ["message"]}`, `non_field_errors`, or `detail`, plus stable codes. */
export type ErrorBody = {
  detail?: string;
  non_field_errors?: string[];
  error_codes?: Record<string, string[] | string>;
  [field: string]: unknown;
};

/** Texts of a product page's image and preview (D146, D147), merged into `texts.ts`; German and Russian. */

const de = {
  resources: { products: { fields: { title_image: "Titelbild" } } },
  admin: {
    images: {
      title: "Titelbild",
      help: "JPEG, PNG oder WebP, höchstens 5 MB. Es erscheint auf der Karte und oben auf der Angebotsseite.",
      choose: "Bild hochladen",
      replace: "Anderes Bild hochladen",
      remove: "Bild entfernen",
      uploading: "Wird hochgeladen …",
      src: "Bilddatei",
      alt_de: "Bildbeschreibung (Alternativtext) · Deutsch",
      alt_ru: "Bildbeschreibung (Alternativtext) · Russisch",
      alt_help: "Beschreiben Sie, was auf dem Bild zu sehen ist, für Menschen, die es nicht sehen können.",
      none: "Noch kein Bild.",
    },
    preview: {
      title: "Vorschau wie im Shop",
      de: "Deutsch",
      ru: "Russisch",
      loading: "Vorschau wird erstellt …",
      failed: "Die Vorschau konnte nicht erstellt werden. Prüfen Sie die markierten Felder.",
      frame: "Vorschau der Angebotsseite",
    },
  },
};

const ru: typeof de = {
  resources: { products: { fields: { title_image: "Главное изображение" } } },
  admin: {
    images: {
      title: "Главное изображение",
      help: "JPEG, PNG или WebP, не больше 5 МБ. Оно показывается на карточке и вверху страницы предложения.",
      choose: "Загрузить изображение",
      replace: "Загрузить другое изображение",
      remove: "Убрать изображение",
      uploading: "Загружаем…",
      src: "Файл изображения",
      alt_de: "Описание изображения (альтернативный текст) · немецкий",
      alt_ru: "Описание изображения (альтернативный текст) · русский",
      alt_help: "Опишите, что изображено, для тех, кто не может увидеть картинку.",
      none: "Изображения пока нет.",
    },
    preview: {
      title: "Предпросмотр как в магазине",
      de: "Немецкий",
      ru: "Русский",
      loading: "Готовим предпросмотр…",
      failed: "Не удалось построить предпросмотр. Проверьте отмеченные поля.",
      frame: "Предпросмотр страницы предложения",
    },
  },
};

export const IMAGE_TEXTS = { de, ru };

import type { Locale } from "./rules/locale.ts";

/** Error texts of image uploads (D146), merged into the contract's one list of codes. */
export const ADMIN_IMAGE_ERROR_MESSAGES = {
  image_type: {
    de: "Diese Datei ist kein JPEG-, PNG- oder WebP-Bild. Bitte wählen Sie ein Foto in einem dieser Formate.",
    ru: "Этот файл не является изображением JPEG, PNG или WebP. Выберите фото в одном из этих форматов.",
  },
  image_too_large: {
    de: "Das Bild ist größer als 5 MB. Bitte verkleinern Sie es und laden Sie es erneut hoch.",
    ru: "Изображение больше 5 МБ. Уменьшите его и загрузите снова.",
  },
  image_unknown: {
    de: "Dieses Bild ist nicht hochgeladen. Bitte laden Sie es hier hoch.",
    ru: "Это изображение не загружено. Загрузите его здесь.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

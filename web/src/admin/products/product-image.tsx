import { errorMessage, IMAGE_MAX_BYTES } from "@atelier/contract";
import { Box, Button, Typography } from "@mui/material";
import { type ChangeEvent, useId, useState } from "react";
import { TextInput, useTranslate } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import { uploadImage } from "../providers/data-provider.ts";
import { required } from "../shared/field-helpers.tsx";

type TitleImage = { src: string; alt: { de: string; ru: string } } | null | undefined;

/**
 * A page's title image (D146): a native file input with its label (keyboard and screen readers as any
 * field), uploaded at once as raw bytes; the server's refusal (not an image, over 5 MB) shows under the
 * input, tied to it. The alt texts in German and Russian are required once there is an image.
 */
export function TitleImageInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const image = useWatch({ name: "title_image" }) as TitleImage;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const fileId = `${id}-file`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(undefined);
    // The server checks too; this spares uploading 50 MB to hear the same answer.
    if (file.size > IMAGE_MAX_BYTES) {
      setError(errorMessage("image_too_large", currentAdminLocale()));
      input.value = "";
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadImage(file);
      setValue(
        "title_image",
        { src: stored.src, alt: image?.alt ?? { de: "", ru: "" } },
        { shouldDirty: true, shouldValidate: false },
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      input.value = "";
    }
  }

  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, width: "100%", minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
        {translate("admin.images.title")}
      </Typography>
      {image?.src ? (
        <Box
          component="img"
          src={image.src}
          alt={image.alt?.[currentAdminLocale()] ?? ""}
          sx={{ display: "block", maxWidth: "100%", maxHeight: 180, mb: 1, borderRadius: 1 }}
        />
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate("admin.images.none")}
        </Typography>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
        <label htmlFor={fileId}>
          <Typography component="span" variant="body2" sx={{ display: "block", fontWeight: 500 }}>
            {translate(image?.src ? "admin.images.replace" : "admin.images.choose")}
          </Typography>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={choose}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${helpId}` : helpId}
            style={{ maxWidth: "100%" }}
          />
        </label>
        {image?.src ? (
          <Button size="small" onClick={() => setValue("title_image", null, { shouldDirty: true })}>
            {translate("admin.images.remove")}
          </Button>
        ) : null}
      </Box>
      <Typography id={helpId} variant="caption" sx={{ display: "block", mt: 0.5 }}>
        {busy ? translate("admin.images.uploading") : translate("admin.images.help")}
      </Typography>
      {error ? (
        <Typography id={errorId} role="alert" color="error" variant="body2" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      ) : null}
      {image?.src ? (
        <Box sx={{ mt: 1 }}>
          <TextInput
            source="title_image.src"
            label="admin.images.src"
            readOnly
            fullWidth
            helperText={false}
          />
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, columnGap: 2 }}>
            <TextInput
              source="title_image.alt.de"
              label="admin.images.alt_de"
              validate={required}
              helperText="admin.images.alt_help"
              fullWidth
            />
            <TextInput
              source="title_image.alt.ru"
              label="admin.images.alt_ru"
              validate={required}
              helperText="admin.images.alt_help"
              fullWidth
            />
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

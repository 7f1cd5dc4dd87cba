import { Box, Button, Card, CardContent, Typography } from "@mui/material";
import { useLogout, useTranslate } from "react-admin";
import { LanguageSwitch } from "./language-switch.tsx";

/** What a customer who opens /admin sees: why not, and the ways out (D101). Never an empty shell. */
export function RefusalPage() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 2, bgcolor: "grey.100" }}>
      <Card sx={{ maxWidth: 560 }} role="alert">
        <CardContent>
          <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
            <LanguageSwitch />
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate("admin.refusal.title")}
          </Typography>
          <Typography sx={{ mb: 3 }}>{translate("admin.refusal.text")}</Typography>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <Button variant="contained" href="/">
              {translate("admin.refusal.shop")}
            </Button>
            <Button variant="outlined" onClick={() => logout()}>
              {translate("admin.refusal.sign_out")}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

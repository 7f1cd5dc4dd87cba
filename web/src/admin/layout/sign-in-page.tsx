import { Box } from "@mui/material";
import { Login, LoginForm } from "react-admin";
import { LanguageSwitch } from "./language-switch.tsx";

/**
 * react-admin's sign-in form with the language switch under it (D495): a staff member who reads Russian
 * chooses it before signing in, and the choice stays for the back office in this browser.
 */
export function SignInPage() {
  return (
    <Login>
      <LoginForm />
      <Box sx={{ display: "flex", justifyContent: "center", pb: 2 }}>
        <LanguageSwitch />
      </Box>
    </Login>
  );
}

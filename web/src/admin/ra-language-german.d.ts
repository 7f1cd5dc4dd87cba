// ra-language-german ships plain CommonJS without types: it is react-admin's message tree.
declare module "ra-language-german" {
  import type { TranslationMessages } from "react-admin";

  const messages: TranslationMessages;
  export default messages;
}

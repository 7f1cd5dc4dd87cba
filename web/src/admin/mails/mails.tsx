import type { AdminMail } from "@atelier/contract";
import { Box, Button, Typography } from "@mui/material";
import { useRef } from "react";
import {
  Datagrid,
  FunctionField,
  Labeled,
  List,
  SelectInput,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
  useRefresh,
  useTranslate,
} from "react-admin";
import { adminFetch } from "../providers/data-provider.ts";
import { DetailShow } from "../shared/detail.tsx";
import { EnumField, useEnumChoices, useEnumLabel } from "../shared/enum-labels.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { useStaffAction } from "../shared/use-staff-action.ts";

/**
 * The mail outbox (every mail the shop wrote), newest first: to whom, what, and how its sending went. Never
 * a mail's text: a reset's link signs in for whoever reads it; the server does not send it.
 */

/** The state in words, with the attempts and why the last one failed (never the mail server's words). */
function StateText({ mail }: { mail: AdminMail }) {
  const translate = useTranslate();
  const label = useEnumLabel();
  const attempts =
    mail.status === "sent" ? null : translate("admin.mails.attempts", { smart_count: mail.attempts });
  return (
    <Box>
      <div>{[label("mail_status", mail.status), attempts].filter(Boolean).join(" · ")}</div>
      {mail.failure ? <Typography variant="body2">{label("mail_failure", mail.failure)}</Typography> : null}
    </Box>
  );
}

/**
 * "Erneut senden" for a mail the outbox gave up on (D534's route): handed back to the outbox as it was. A
 * mail another staff member sent again meanwhile is refused (404); the view is read again either way.
 */
function ResendButton({ mail }: { mail: AdminMail }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const button = useRef<HTMLButtonElement>(null);
  // The mail is waiting again after a resend, and the button goes with the refresh: focus moves to the
  // mail's row (list) or its state (show page), where the new state is read, not to the page's body.
  const { busy, run } = useStaffAction({
    onDone: () => {
      const target = button.current?.closest<HTMLElement>("tr, [data-mail-state]");
      setTimeout(() => target?.focus(), 0);
    },
  });
  if (mail.status !== "failed" || mail.texts_cleared) return null;
  return (
    <Button
      ref={button}
      size="small"
      variant="outlined"
      disabled={busy}
      aria-label={translate("admin.mails.resend_named", { subject: mail.subject, to: mail.to })}
      onClick={(event) => {
        // In a list row: the click sends, it does not open the mail's page.
        event.stopPropagation();
        void run(
          () =>
            adminFetch("POST", `mails/${mail.id}/resend/`).catch((failure: unknown) => {
              refresh();
              throw failure;
            }),
          "admin.mails.resent",
        );
      }}
    >
      {translate("admin.mails.resend")}
    </Button>
  );
}

export function MailList() {
  const statuses = useEnumChoices("mail_status");
  const filters = [
    <TextInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: "id", order: "DESC" }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false} body={openableRows}>
        <LocalDateField source="created_at" showTime sortBy="id" />
        <TextField source="to" sortable={false} />
        <TextField source="subject" sortable={false} />
        <EnumField source="template" enumName="mail_kind" sortable={false} />
        <FunctionField
          source="status"
          sortable={false}
          render={(mail: AdminMail) => <StateText mail={mail} />}
        />
        <FunctionField
          label="admin.mails.action"
          sortable={false}
          render={(mail: AdminMail) => <ResendButton mail={mail} />}
        />
      </Datagrid>
    </List>
  );
}

/** What the page shows instead of the text, and why; for a cleared mail, that it cannot go again. */
function WhyNoText() {
  const translate = useTranslate();
  const mail = useRecordContext<AdminMail>();
  if (!mail) return null;
  return (
    <Box>
      <Typography variant="body2">{translate("admin.mails.no_text")}</Typography>
      {mail.texts_cleared ? (
        <Typography variant="body2">{translate("admin.mails.texts_cleared")}</Typography>
      ) : null}
    </Box>
  );
}

function ShowState() {
  const mail = useRecordContext<AdminMail>();
  if (!mail) return null;
  return (
    <Labeled source="status">
      <Box data-mail-state tabIndex={-1}>
        <StateText mail={mail} />
        <ResendButton mail={mail} />
      </Box>
    </Labeled>
  );
}

export function MailShow() {
  return (
    <DetailShow>
      <SimpleShowLayout>
        <TextField source="subject" />
        <TextField source="to" />
        <EnumField source="template" enumName="mail_kind" />
        <EnumField source="locale" enumName="locale" />
        <ShowState />
        <LocalDateField source="created_at" showTime />
        <LocalDateField source="sent_at" showTime emptyText="—" />
        <LocalDateField source="next_attempt_at" showTime emptyText="—" />
        <WhyNoText />
      </SimpleShowLayout>
    </DetailShow>
  );
}

import { INTL_LOCALES } from "@atelier/contract";
import { Button, Typography } from "@mui/material";
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from "react-admin";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { EnumField, useEnumChoices } from "../shared/enum-labels.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";

/**
 * "I can't give this lesson" (issue 35, D383): what instructors report from their phone. A report cancels
 * nothing; staff cancel the lesson or find a stand-in, then mark the report done (audited).
 */
type Report = { id: number; status: "open" | "done"; date: string };

function StatusButton() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const report = useRecordContext<Report>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!report) return null;
  const next = report.status === "open" ? "done" : "open";
  const save = async () => {
    try {
      await dataProvider.setInstructorReportStatus(report.id, next);
      notify("admin.instructor_reports.saved", { type: "success" });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <Button variant="outlined" size="small" onClick={save}>
      {translate(next === "done" ? "admin.instructor_reports.done" : "admin.instructor_reports.reopen")}
    </Button>
  );
}

export function InstructorReportList() {
  const translate = useTranslate();
  const statuses = useEnumChoices("instructor_report_status");
  const filters = [<SelectInput key="status" source="status" choices={statuses} alwaysOn />];
  return (
    <>
      <Typography sx={{ mt: 2 }}>{translate("admin.instructor_reports.help")}</Typography>
      <List filters={filters} exporter={false} sort={{ field: "created_at", order: "DESC" }}>
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            source="date"
            sortable={false}
            render={(r: { date: string; start: string }) =>
              `${new Date(`${r.date}T12:00:00Z`).toLocaleDateString(INTL_LOCALES[currentAdminLocale()], { weekday: "short", day: "numeric", month: "numeric", year: "numeric", timeZone: "UTC" })} ${r.start}`
            }
          />
          <TextField source="product_name" sortable={false} />
          <TextField source="instructor_name" sortable={false} />
          <TextField source="reason" sortable={false} />
          <EnumField source="status" enumName="instructor_report_status" sortable={false} />
          <LocalDateField source="created_at" showTime sortable={false} />
          <StatusButton />
        </Datagrid>
      </List>
    </>
  );
}

import { Button, DialogActions } from "@mui/material";
import { useTranslate } from "react-admin";

/**
 * The foot of an order's staff dialog that is sent with a note (settling a failed refund, deciding on a
 * dispute): "Abbrechen" and "Ausführen", both held while the call runs.
 */
export function CancelAndSubmit({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={busy}>
        {translate("admin.orders.refund_cancel_button")}
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {translate("admin.orders.refund_submit")}
      </Button>
    </DialogActions>
  );
}

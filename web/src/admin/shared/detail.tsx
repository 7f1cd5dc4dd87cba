import type { ReactElement } from "react";
import { Edit, type EditProps, type RaRecord, Show, type ShowProps } from "react-admin";

/**
 * The meta every detail read and save carries (D230). react-admin copies each record of a list (and of a
 * reference picker) into its cache of single records under the key without meta, so a detail view opened from
 * a list started with the list's record, which lacks the detail fields (an order's items, a person's
 * children), and crashed mapping over them. Under this meta the detail view reads its own cache entry: it
 * waits for `GET /resource/:id/` and never sees a list record; its saves write back to the same entry.
 */
export const DETAIL = { meta: { detail: true } } as const;

/** react-admin's `Edit`, reading and saving the full record (D230). */
export function DetailEdit<R extends RaRecord = RaRecord>(props: EditProps<R>): ReactElement {
  const { queryOptions, mutationOptions, ...rest } = props;
  return (
    <Edit<R>
      {...rest}
      queryOptions={{ ...queryOptions, ...DETAIL }}
      mutationOptions={{ ...mutationOptions, ...DETAIL }}
    />
  );
}

/** react-admin's `Show`, reading the full record (D230). */
export function DetailShow<R extends RaRecord = RaRecord>(props: ShowProps<R>): ReactElement {
  const { queryOptions, ...rest } = props;
  return <Show<R> {...rest} queryOptions={{ ...queryOptions, ...DETAIL }} />;
}

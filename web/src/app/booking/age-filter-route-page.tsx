import { useQuery } from "@tanstack/react-query";
import { AgeFilterPage } from "../../features/catalogue/components/age-filter-page.tsx";
import { visitorsQueryOptions } from "../../features/visitors/api/visitors-api.ts";
import { useSession } from "../../lib/session.ts";

/**
 * /useAgeFilter: wires the catalogue's age filter to the signed-in parent's saved children (the visitors
 * feature, D174); features do not import each other. A guest keeps the age input.
 */
export function AgeFilterRoutePage({
  age,
  childId,
  onSearch,
}: {
  age: number | undefined;
  childId: number | undefined;
  onSearch: (search: { age?: number; child?: number }) => void;
}) {
  const session = useSession();
  const userKey = session ? String(session.user.pk) : null;
  const visitors = useQuery({ ...visitorsQueryOptions(userKey), enabled: userKey !== null });
  return (
    <AgeFilterPage
      age={age}
      onAgeChange={(next) => onSearch({ age: next })}
      visitors={userKey === null ? [] : visitors.data}
      childId={childId}
      onChildChange={(id) => onSearch(id === undefined ? (age === undefined ? {} : { age }) : { child: id })}
    />
  );
}

import { useEffect, useState } from 'react';
import { Button, CardGrid, FilterBar, TextField, useDraft, useListQuery, useListResource } from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { fetchSchools } from './api';
import type { School } from '@domain/schools';
import { RegisterSchoolModal } from './RegisterSchoolModal';
import { SchoolCard } from './SchoolCard';
import { SchoolDetailsModal } from './SchoolDetailsModal';

const DEFAULTS = { search: '' };
const SEARCH_DELAY_MS = 300;

/** School Management (routes schools and school-management). */
export default function SchoolsScreen() {
  const list = useListQuery(DEFAULTS);
  const schools = useListResource((signal) => fetchSchools(list.query.search, signal), list.key);
  const draft = useDraft({ search: list.query.search });
  const [registering, setRegistering] = useState(false);
  const [viewing, setViewing] = useState<School | null>(null);

  // Search as the user types, once typing pauses (the address keeps the search; no history entry per key).
  const { setQuery } = list;
  const typed = draft.values.search;
  useEffect(() => {
    if (!draft.dirty) return;
    const timer = setTimeout(() => setQuery({ search: typed.trim() }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, draft.dirty, setQuery]);

  const count = schools.data?.length ?? 0;
  return (
    <div>
      <ScreenHeading title="School Management">
        <Button onClick={() => setRegistering(true)}>+ Add New School</Button>
      </ScreenHeading>

      <FilterBar
        label="Search schools"
        actions={schools.data ? <span className="text-sm text-gray-600">{count} school(s) found</span> : null}
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Search by name or acronym"
          className="sm:col-span-2"
          value={draft.values.search}
          onChange={(e) => draft.set({ search: e.target.value })}
        />
      </FilterBar>

      <CardGrid
        label="Schools"
        items={schools.data}
        itemKey={(s) => s.id}
        renderCard={(s) => <SchoolCard school={s} onView={setViewing} />}
        loading={schools.loading}
        error={schools.error}
        onRetry={schools.reload}
        emptyText="No schools found."
      />

      <RegisterSchoolModal open={registering} onClose={() => setRegistering(false)} onCreated={schools.reload} />
      <SchoolDetailsModal school={viewing} onClose={() => setViewing(null)} onSaved={schools.reload} />
    </div>
  );
}

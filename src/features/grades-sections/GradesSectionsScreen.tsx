import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import {
  Button,
  CardGrid,
  ErrorBanner,
  FilterBar,
  SelectField,
  TextField,
  useConfirm,
  useListQuery,
  useListResource,
} from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { $page } from '@kit/console/navigation';
import { useScopedSchool } from '@features/schools';
import { isAdminConsole, useCan } from '@kit/console/scope';
import { fetchGrades } from './grades-api';
import type { Grade, Section } from '@domain/grades';
import { fetchSections } from './sections-api';
import { setGradeActive, setSectionActive } from './actions';
import { GradeCard, SectionCard } from './cards';
import { CreateModal, type CreateKind } from './CreateModal';
import { tabClass } from '@kit/display/tabs';
import { EditModal, type Editing } from './EditModal';
import { gradeOptionLabel } from './fields';

const DEFAULTS = { tab: 'grades', search: '', gradeId: 0 };
const TABS = ['grades', 'sections'] as const;

const matches = (term: string) => (x: { name: string; description: string | null }) =>
  !term || x.name.toLowerCase().includes(term) || (x.description ?? '').toLowerCase().includes(term);

/** Grades and Sections (/super-admin/schools/{schoolId}/grades-sections). Tab, search and grade live in the address. */
export default function GradesSectionsScreen() {
  const page = useStore($page);
  const schoolParam = page && 'schoolId' in page.params ? String(page.params.schoolId) : '';
  const schoolId = Number(schoolParam);
  const list = useListQuery(DEFAULTS);
  const school = useScopedSchool(schoolParam);
  // A school admin adds and edits with MANAGE_GRADES_SECTIONS; there is no school list to go back to.
  const can = useCan();
  const canManage = can('MANAGE_GRADES_SECTIONS');
  const grades = useListResource((signal) => fetchGrades(schoolId, signal), schoolParam);
  const gradeList = grades.data ?? [];
  // The first grade is auto-selected until another is chosen.
  const selected = gradeList.find((g) => g.id === list.query.gradeId) ?? gradeList[0] ?? null;
  const sections = useListResource<Section[]>(
    (signal) => (selected ? fetchSections(schoolId, selected.id, signal) : Promise.resolve([])),
    `${schoolParam}/${selected?.id ?? ''}`,
  );
  const [creating, setCreating] = useState<CreateKind | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  const tab = list.query.tab === 'sections' ? 'sections' : 'grades';
  const term = list.query.search.trim().toLowerCase();
  const shownGrades = gradeList.filter(matches(term));
  const shownSections = (sections.data ?? []).filter(matches(term));
  const refresh = () => {
    grades.reload();
    sections.reload();
  };

  async function toggleActive(kind: 'grade' | 'section', item: Grade | Section) {
    if (item.isActive) {
      const message =
        kind === 'grade'
          ? `Deactivate ${item.name}? Its sections and students are kept.`
          : `Deactivate ${item.name}? Its students are kept.`;
      if (
        !(await confirm({
          title: kind === 'grade' ? 'Deactivate Grade' : 'Deactivate Section',
          message,
          confirmLabel: 'Deactivate',
        }))
      )
        return;
    }
    const result =
      kind === 'grade'
        ? await setGradeActive(item as Grade, !item.isActive)
        : await setSectionActive(item as Section, !item.isActive);
    setActionError(result.ok ? null : result.message);
    if (result.ok) refresh();
  }

  const back = isAdminConsole() ? null : (
    <a
      href="/super-admin/schools"
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <span aria-hidden="true">←</span> Back to Schools
    </a>
  );
  if (school.error) {
    return (
      <div>
        {back}
        <ScreenHeading title="Grades and Sections" />
        <ErrorBanner message={school.error} />
      </div>
    );
  }

  const sectionsEmpty = selected
    ? 'No sections found for this grade. Add a new section to get started.'
    : 'Please select a grade to view its sections.';
  return (
    <div>
      {back}
      <ScreenHeading
        title={school.data ? `${school.data.name}${school.data.acronym ? ` (${school.data.acronym})` : ''}` : 'Loading school...'}
      >
        {canManage ? (
          <Button onClick={() => setCreating(tab === 'sections' ? 'section' : 'grade')} disabled={!school.data}>
            + Add Grade or Section
          </Button>
        ) : null}
      </ScreenHeading>
      <p className="-mt-4 mb-4 text-sm text-gray-600">Grades and Sections</p>
      <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} className="mb-4" />

      <TabGroup
        selectedIndex={TABS.indexOf(tab)}
        onChange={(i) => list.setQuery({ tab: TABS[i] ?? 'grades' }, { keepPage: true })}
      >
        <TabList className="mb-4 flex border-b border-gray-200">
          <Tab className={tabClass}>Grades</Tab>
          <Tab className={tabClass}>Sections</Tab>
        </TabList>

        <FilterBar label={tab === 'grades' ? 'Search grades' : 'Search sections'}>
          <TextField
            label="Search"
            type="search"
            placeholder="Search by name or description"
            value={list.query.search}
            onChange={(e) => list.setQuery({ search: e.target.value }, { replace: true })}
          />
          {tab === 'sections' ? (
            <SelectField
              label="Filter by Grade"
              value={selected?.id ?? ''}
              disabled={gradeList.length === 0}
              placeholder={gradeList.length === 0 ? 'No grades yet' : undefined}
              options={gradeList.map((g) => ({ value: g.id, label: gradeOptionLabel(g) }))}
              onChange={(e) => list.setQuery({ gradeId: Number(e.target.value) || 0 })}
            />
          ) : null}
        </FilterBar>

        <TabPanels>
          <TabPanel>
            <CardGrid
              label="Grades"
              items={shownGrades}
              itemKey={(g) => g.id}
              loading={grades.loading}
              error={grades.error}
              onRetry={grades.reload}
              emptyText={
                gradeList.length === 0 ? 'No grades found. Add a new grade to get started.' : 'No grades match your search.'
              }
              renderCard={(g) => (
                <GradeCard
                  grade={g}
                  onViewSections={(grade) => list.setQuery({ tab: 'sections', gradeId: grade.id })}
                  onEdit={(item) => setEditing({ kind: 'grade', item })}
                  onToggleActive={(item) => void toggleActive('grade', item)}
                />
              )}
            />
          </TabPanel>
          <TabPanel>
            <CardGrid
              label={selected ? `Sections of ${selected.name}` : 'Sections'}
              items={shownSections}
              itemKey={(s) => s.id}
              loading={grades.loading || sections.loading}
              error={grades.error ?? sections.error}
              onRetry={refresh}
              emptyText={(sections.data ?? []).length === 0 ? sectionsEmpty : 'No sections match your search.'}
              renderCard={(s) => (
                <SectionCard
                  section={s}
                  onEdit={(item) => setEditing({ kind: 'section', item })}
                  onToggleActive={(item) => void toggleActive('section', item)}
                />
              )}
            />
          </TabPanel>
        </TabPanels>
      </TabGroup>

      <CreateModal
        open={creating !== null}
        initial={creating ?? 'grade'}
        schoolId={schoolId}
        grades={gradeList}
        gradeId={selected?.id ?? null}
        onClose={() => setCreating(null)}
        onCreated={refresh}
      />
      <EditModal editing={editing} schoolId={schoolId} grades={gradeList} onClose={() => setEditing(null)} onSaved={refresh} />
      {dialog}
    </div>
  );
}

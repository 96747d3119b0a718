import { useState, type FormEvent } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Button, ErrorBanner, Modal, SuccessOverlay, SUCCESS_LONG_MS } from '@kit';
import type { Grade } from '@domain/grades';
import { gradeForm, saveGrade, saveSection, sectionForm } from './actions';
import { useFormState } from '@kit/form/useFormState';
import { GradeFields, SectionFields } from './fields';
import { tabClass } from '@kit/display/tabs';

export type CreateKind = 'grade' | 'section';
const KINDS: CreateKind[] = ['grade', 'section'];

interface Props {
  open: boolean;
  initial: CreateKind;
  schoolId: number;
  grades: readonly Grade[];
  /** The grade the Create Section form starts with (the one being viewed). */
  gradeId: number | null;
  onClose: () => void;
  /** After each creation: refresh the lists (the modal stays open for the next one). */
  onCreated: (kind: CreateKind) => void;
}

/**
 * Grades and Sections: one modal with tabs Create Grade / Create Section. A creation shows
 * 'Grade created successfully!' / 'Section created successfully!' for 3 s, resets the form and refreshes the lists.
 */
export function CreateModal({ open, initial, schoolId, grades, gradeId, onClose, onCreated }: Props) {
  const [tab, setTab] = useState<CreateKind>(initial);
  const grade = useFormState(gradeForm());
  const section = useFormState(sectionForm(null, gradeId));
  // `id` restarts the 3 s notice when another creation follows within it.
  const [success, setSuccess] = useState<{ text: string; id: number } | null>(null);
  const [wasOpen, setWasOpen] = useState(open);

  // Each opening starts on the page's current tab, with the viewed grade chosen for a new section.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setTab(initial);
      grade.reset(gradeForm());
      section.reset(sectionForm(null, gradeId));
      setSuccess(null);
    }
  }

  const saving = grade.saving || section.saving;
  function close() {
    if (!saving) onClose();
  }

  async function createGrade(e: FormEvent) {
    e.preventDefault();
    const result = await grade.submit(() => saveGrade(schoolId, grade.values));
    if (!result?.ok) return;
    grade.reset(gradeForm());
    setSuccess({ text: result.message, id: Date.now() });
    onCreated('grade');
  }

  async function createSection(e: FormEvent) {
    e.preventDefault();
    const result = await section.submit(() => saveSection(schoolId, section.values));
    if (!result?.ok) return;
    section.reset(sectionForm(null, Number(section.values.gradeId)));
    setSuccess({ text: result.message, id: Date.now() });
    onCreated('section');
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add Grade or Section"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Close
          </Button>
          <Button type="submit" form={`create-${tab}-form`} loading={saving}>
            {tab === 'grade' ? 'Create Grade' : 'Create Section'}
          </Button>
        </>
      }
    >
      {success ? (
        <div className="mb-4">
          <SuccessOverlay
            key={success.id}
            variant="inline"
            message={success.text}
            durationMs={SUCCESS_LONG_MS}
            onDone={() => setSuccess(null)}
          />
        </div>
      ) : null}
      <TabGroup selectedIndex={KINDS.indexOf(tab)} onChange={(i) => setTab(KINDS[i] ?? 'grade')}>
        <TabList className="mb-4 flex border-b border-gray-200">
          <Tab className={tabClass}>Create Grade</Tab>
          <Tab className={tabClass}>Create Section</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <form id="create-grade-form" noValidate onSubmit={createGrade} className="space-y-4">
              <ErrorBanner message={grade.message} />
              <GradeFields form={grade} />
            </form>
          </TabPanel>
          <TabPanel>
            <form id="create-section-form" noValidate onSubmit={createSection} className="space-y-4">
              <ErrorBanner message={section.message} />
              {grades.length === 0 ? (
                <p className="text-sm text-gray-600">Create a grade first: every section belongs to a grade.</p>
              ) : null}
              <SectionFields form={section} grades={grades} />
            </form>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Modal>
  );
}

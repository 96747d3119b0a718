import { useId, useState, type FormEvent } from 'react';
import { fetchStudent } from './api';
import { ApiError } from '@kit/http';
import {
  registerNewStudent,
  saveStudentChanges,
  STUDENT_REGISTERED,
  STUDENT_UPDATED,
  studentForm,
  studentPictureError,
  type StudentForm,
} from './actions';
import type { PasswordSlip, RegisteredStudent, Student } from '@domain/students';
import { fileUrl } from '@domain/files';
import {
  CancelButton,
  Button,
  ErrorBanner,
  LoadingState,
  Modal,
  SuccessOverlay,
  useFormState,
  useListResource,
  usePictureInput,
} from '@kit';
import { StudentDetails } from './StudentDetails';
import { StudentFields } from './StudentFields';
import { useCan } from '@kit/console/scope';
import { NewPasswordSlipDialog, PasswordSlipsDialog } from './PasswordSlips';

export type StudentModalState = { mode: 'create' } | { mode: 'view'; id: number } | null;

interface Props {
  state: StudentModalState;
  /** The school, grade and section the list shows: a new student starts there. */
  place: { schoolId: string; gradeId: string; sectionId: string };
  lockSchool?: boolean;
  onClose: () => void;
  /** After a save, once the success screen has shown (the list reloads). */
  onSaved: () => void;
  onArchive: (student: Student) => void;
}

/** Register New Student, or Student detail with 'Edit Student' (Student modals). */
export function StudentModal({ state, ...props }: Props) {
  if (!state) return null;
  if (state.mode === 'create') return <StudentEditor key="create" student={null} {...props} />;
  return <StudentDetail key={state.id} id={state.id} {...props} />;
}

/** null = the server answered 404 ('Student Not Found'). */
const loadStudent = (id: number, signal: AbortSignal) =>
  fetchStudent(id, signal).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });

function StudentDetail({ id, onClose, onArchive, ...props }: Omit<Props, 'state'> & { id: number }) {
  const can = useCan();
  const student = useListResource((signal) => loadStudent(id, signal), String(id));
  const [editing, setEditing] = useState(false);
  const [slipping, setSlipping] = useState(false);

  if (editing && student.data) return <StudentEditor student={student.data} onClose={onClose} onArchive={onArchive} {...props} />;
  if (slipping && student.data)
    return (
      <NewPasswordSlipDialog
        studentId={student.data.id}
        learnerName={`${student.data.firstName} ${student.data.lastName}`}
        onClose={() => setSlipping(false)}
      />
    );

  const close = (
    <Button variant="secondary" onClick={onClose} data-autofocus>
      Close
    </Button>
  );
  if (student.error)
    return (
      <Modal open onClose={onClose} title="Error Loading Student" size="sm" footer={close}>
        <ErrorBanner message={student.error} />
      </Modal>
    );
  if (!student.loading && !student.data)
    return (
      <Modal open onClose={onClose} title="Student Not Found" size="sm" footer={close}>
        <p className="text-sm text-gray-700">The requested student information could not be found.</p>
      </Modal>
    );
  const s = student.data;
  return (
    <Modal
      open
      onClose={onClose}
      title="Student Details"
      size="lg"
      footer={
        s ? (
          <>
            {can('ARCHIVE_STUDENTS') ? (
              <Button variant="danger" onClick={() => onArchive(s)}>
                Archive
              </Button>
            ) : null}
            {can('MANAGE_STUDENTS') ? (
              <Button variant="secondary" onClick={() => setSlipping(true)}>
                New password slip
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {can('MANAGE_STUDENTS') ? (
              <Button key="edit" onClick={() => setEditing(true)} data-autofocus>
                Edit Student
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      {s ? <StudentDetails student={s} onChanged={student.reload} /> : <LoadingState rows={6} label="Loading student..." />}
    </Modal>
  );
}

/**
 * The Register/Edit form in its modal: validation, then the success screen for 2 s, then close and refresh; a new
 * learner's generated password slip is shown after it (once), to print before closing.
 */
function StudentEditor({ student, place, lockSchool, onClose, onSaved }: Omit<Props, 'state'> & { student: Student | null }) {
  const formId = useId();
  const mode = student ? 'edit' : 'create';
  const form = useFormState<StudentForm>(studentForm(student, place));
  const picture = usePictureInput(studentPictureError);
  const [done, setDone] = useState(false);
  const [slip, setSlip] = useState<PasswordSlip | null>(null);
  const success = student ? STUDENT_UPDATED : STUDENT_REGISTERED;

  function close() {
    if (!form.saving) onClose();
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(() =>
      student ? saveStudentChanges(student, form.values, picture.file) : registerNewStudent(form.values, picture.file),
    );
    if (result?.ok) {
      const data = result.data as Partial<RegisteredStudent> | undefined;
      setSlip(data?.passwordSlip ?? null);
      setDone(true);
    }
  }
  const finish = () => {
    onSaved();
    onClose();
  };

  if (done && slip) return <PasswordSlipsDialog slips={[slip]} onClose={finish} lead={success.message} />;
  return (
    <Modal
      open
      onClose={close}
      title={student ? 'Edit Student' : 'Register New Student'}
      size="xl"
      footer={
        <>
          <CancelButton disabled={form.saving} />
          <Button key="save" type="submit" form={formId} loading={form.saving} disabled={done}>
            {form.saving ? 'Saving...' : student ? 'Save Changes' : 'Register Student'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <ErrorBanner message={form.message} />
        <StudentFields
          mode={mode}
          form={form}
          picture={picture}
          currentPictureUrl={fileUrl(student?.profilePictureUrl)}
          lockSchool={lockSchool}
        />
      </form>
      {done ? (
        <SuccessOverlay
          message={success.message}
          detail={success.detail}
          onDone={() => {
            if (!slip) finish();
          }}
        />
      ) : null}
    </Modal>
  );
}

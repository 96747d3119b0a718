import { lazy, Suspense, useState } from 'react';
import type { StudentProfile } from '@domain/student-portal';
import { Avatar } from '@kit/display/Avatar';
import { Button } from '@kit/ui/Button';

// The modal (and its zod schema) loads on first use.
const PasswordDialog = lazy(() => import('./PasswordDialog'));

const NOTIFY: Record<string, string> = {
  SMS_ONLY: 'Text message (SMS)',
  FACEBOOK_MESSENGER_ONLY: 'Messenger',
  BOTH: 'SMS and Messenger',
};

/** The learner's own record (what the school registered) and the password change. */
export function ProfileCard({ profile }: { profile: StudentProfile }) {
  const [changing, setChanging] = useState(false);
  const [opened, setOpened] = useState(false);
  const placement = [profile.gradeModel?.name, profile.sectionModel?.name].filter(Boolean).join(' · ') || '-';
  const guardian = [profile.guardian.firstName, profile.guardian.lastName].filter(Boolean).join(' ') || 'Guardian';
  const rows: Array<[string, string]> = [
    ['LRN', profile.lrn],
    ['Email', profile.email ?? '-'],
    ['School', profile.school ? `${profile.school.name} (${profile.school.acronym})` : '-'],
    ['Grade and section', placement],
    ['Guardian', `${guardian}, ${profile.guardian.phone}`],
    ['Guardians are notified by', NOTIFY[profile.notificationPreference] ?? profile.notificationPreference],
  ];
  return (
    <section aria-labelledby="profile-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center gap-3">
        <Avatar src={profile.profilePictureUrl} firstName={profile.firstName} lastName={profile.lastName} size="md" />
        <h2 id="profile-title" className="text-lg font-semibold text-gray-900 [overflow-wrap:anywhere]">
          {profile.firstName} {profile.lastName}
        </h2>
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="text-gray-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-gray-600">To correct any of this, ask your school.</p>
      <Button
        className="mt-3"
        variant="secondary"
        onPointerEnter={() => void import('./PasswordDialog')}
        onClick={() => {
          setOpened(true);
          setChanging(true);
        }}
      >
        Change Password
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <PasswordDialog open={changing} onClose={() => setChanging(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

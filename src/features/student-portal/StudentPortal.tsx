import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CSRF_COOKIES } from '@domain/auth/roles';
import { getCookie } from '@kit/cookies';
import type { LiveStatus } from '@kit/live';
import { useListResource } from '@kit/list/useListResource';
import { Button } from '@kit/ui/Button';
import { rememberRedirect } from '@features/auth';
import { fetchStudentAttendance, fetchStudentMessages, fetchStudentMessenger, fetchStudentProfile } from './api';
import { $shownMonth, showMonth, signOutLearner } from './store';
import { TodayCard } from './TodayCard';
import { MonthCalendar } from './MonthCalendar';
import { MessagesCard } from './MessagesCard';
import { MessengerCard } from './MessengerCard';
import { ProfileCard } from './ProfileCard';

type Gate = 'in' | 'out';

const PasswordDialog = lazy(() => import('./PasswordDialog'));

/** The live connection as the header says it ('Offline': refused or given up; a reload tries again). */
const LIVE_TEXT: Record<LiveStatus, string> = {
  idle: '',
  connecting: 'Connecting…',
  reconnecting: 'Connecting…',
  live: 'Live',
  offline: 'Offline',
};

/** The line under the header; the page's static shell (src/pages/student.astro) shows the same before the island runs. */
export const PORTAL_LEAD =
  "Today's arrival, this month's attendance and the messages sent to your guardians. Taps at the school gate appear here as they happen.";

/**
 * The student and parent portal (/student), phone first. Reads the STUDENT_TOKEN cookie: without it,
 * the visitor goes to /login (and comes back here after signing in). Live: a tap or a message for this learner
 * arrives on the learner's own socket room and the affected cards load again (the server says only which record
 * changed; the cards read their own view of it).
 */
export default function StudentPortal() {
  // The island runs only in the browser (client:only): the cookie is read at once, so a signed-in learner never
  // sees a spinner replace the page's static shell.
  const [gate] = useState<Gate>(() => (getCookie(CSRF_COOKIES.STUDENT) ? 'in' : 'out'));
  useEffect(() => {
    if (gate === 'in') return;
    rememberRedirect(location.pathname);
    location.replace('/login');
  }, [gate]);
  if (gate !== 'in')
    return (
      <div className="flex min-h-screen items-center justify-center bg-gray-900" role="status">
        <span className="h-10 w-10 animate-spin rounded-full border-4 border-gray-500 border-t-white" aria-hidden="true" />
        <span className="sr-only">Loading your session…</span>
      </div>
    );
  return <Portal />;
}

function Portal() {
  const month = useStore($shownMonth);
  const [messagesPage, setMessagesPage] = useState(1);
  const [live, setLive] = useState<LiveStatus>('idle');
  const profile = useListResource((signal) => fetchStudentProfile(signal), 'profile');
  const attendance = useListResource((signal) => fetchStudentAttendance(month, signal), `attendance:${month ?? 'now'}`);
  const messages = useListResource((signal) => fetchStudentMessages(messagesPage, signal), `messages:${messagesPage}`);
  const messenger = useListResource((signal) => fetchStudentMessenger(signal), 'messenger');
  const { reload: reloadAttendance } = attendance;
  const { reload: reloadMessages } = messages;

  useEffect(() => {
    // The socket store (socket.io-client, 13 KB) loads after the first paint: the page shows before it connects.
    let stop = false;
    const offs: Array<() => void> = [];
    void import('@kit/live').then(({ $liveStatus, liveAs, subscribeStudentLive }) => {
      if (stop) return;
      liveAs('STUDENT');
      offs.push(
        $liveStatus.subscribe(setLive),
        subscribeStudentLive('attendance', () => reloadAttendance()),
        subscribeStudentLive('sms:sent', () => reloadMessages()),
      );
    });
    return () => {
      stop = true;
      offs.forEach((off) => off());
    };
  }, [reloadAttendance, reloadMessages]);

  const name = profile.data ? profile.data.firstName : '';
  const mustChange = profile.data?.mustChangePassword === true;
  const [choosing, setChoosing] = useState(true);
  const chosen = () => {
    setChoosing(false);
    profile.reload();
    reloadAttendance();
    reloadMessages();
    messenger.reload();
  };
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="text-xs text-green-100">{profile.data?.school?.name ?? 'Student portal'}</p>
            <h1 className="truncate text-lg font-semibold">{name ? `Hi, ${name}` : 'My attendance'}</h1>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-xs text-green-100" data-testid="live-status">
              {LIVE_TEXT[live]}
            </span>
            <Button variant="secondary" size="sm" onClick={() => void signOutLearner()}>
              Logout
            </Button>
          </div>
        </div>
      </header>
      {mustChange ? (
        <main className="mx-auto max-w-md px-4 py-8">
          <section aria-labelledby="choose-password" className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <h2 id="choose-password" className="text-lg font-semibold text-gray-900">
              Choose your own password
            </h2>
            <p className="text-sm text-gray-700">
              You signed in with the password on your slip. Choose your own password to continue: type the slip&apos;s password as
              the current one.
            </p>
            <Button onClick={() => setChoosing(true)}>Choose my password</Button>
          </section>
          <Suspense fallback={null}>
            <PasswordDialog open={choosing} onClose={chosen} />
          </Suspense>
        </main>
      ) : (
        <main className="mx-auto grid max-w-5xl gap-4 px-4 py-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <p className="text-base text-gray-700 lg:col-span-2">{PORTAL_LEAD}</p>
          <div className="min-w-0 space-y-4">
            {attendance.error ? (
              <section className="rounded-xl bg-white p-4 text-sm text-red-800 shadow-sm ring-1 ring-gray-200" role="alert">
                Error: {attendance.error}{' '}
                <Button variant="secondary" size="sm" onClick={attendance.reload}>
                  Try Again
                </Button>
              </section>
            ) : attendance.data ? (
              <>
                <TodayCard attendance={attendance.data} />
                <MonthCalendar attendance={attendance.data} onMonth={showMonth} loading={attendance.loading} />
              </>
            ) : (
              // About the size of the cards it stands for, so nothing below jumps when they arrive.
              <div role="status" aria-label="Loading attendance" className="space-y-4">
                <div className="h-32 animate-pulse rounded-xl bg-gray-200" />
                <div className="h-[38rem] animate-pulse rounded-xl bg-gray-200" />
              </div>
            )}
            <MessagesCard
              messages={messages.data}
              error={messages.error}
              loading={messages.loading}
              page={messagesPage}
              onPage={setMessagesPage}
              onRetry={messages.reload}
            />
          </div>
          <div className="min-w-0 space-y-4">
            <MessengerCard status={messenger.data} error={messenger.error} onChanged={(next) => messenger.update(() => next)} />
            {profile.data ? (
              <ProfileCard profile={profile.data} />
            ) : profile.error ? (
              <p className="text-sm text-red-800">Error: {profile.error}</p>
            ) : null}
          </div>
        </main>
      )}
    </div>
  );
}

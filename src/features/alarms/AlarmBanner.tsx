import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { SMS_ALARM_HINTS } from '@domain/alarms/texts';
import { formatSchoolDateTime } from '@kit/text/format';
import { isAdminConsole, useCan } from '@kit/console/scope';
import { $smsAlarms, followSmsAlarms, loadSmsAlarms } from './store';

/**
 * The dashboards' banner of raised SMS alarms: what stopped, since when (in the school's time), and what to do; in
 * the super admin's console each names its school. Live: alarms come and go without a reload. Shown to whoever may
 * see SMS History (a school admin with VIEW_SMS_HISTORY); nothing while no alarm is raised.
 */
export default function AlarmBanner({ className = '' }: { className?: string }) {
  const allowed = useCan()('VIEW_SMS_HISTORY');
  const alarms = useStore($smsAlarms);
  useEffect(() => {
    if (!allowed) return;
    void loadSmsAlarms();
    return followSmsAlarms();
  }, [allowed]);
  if (!allowed || !alarms.length) return null;
  const named = !isAdminConsole();
  return (
    <section
      role="alert"
      aria-label="SMS alarms"
      className={`rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 ${className}`}
    >
      <h2 className="font-semibold">
        {alarms.length === 1
          ? 'SMS alarm: messages are not going out'
          : `${alarms.length} SMS alarms: messages are not going out`}
      </h2>
      <ul className="mt-2 space-y-2">
        {alarms.map((alarm) => (
          <li key={alarm.id} className="break-words">
            <p>
              {named ? (
                <span className="font-medium">
                  {alarm.school ? `${alarm.school.name} (${alarm.school.acronym})` : 'Global device'}:{' '}
                </span>
              ) : null}
              {alarm.message}{' '}
              <span className="whitespace-nowrap text-red-700">
                Since {formatSchoolDateTime(alarm.raisedAt, alarm.timeZone)}.
              </span>
            </p>
            <p className="text-red-700">{SMS_ALARM_HINTS[alarm.kind]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { FastifyInstance } from 'fastify';
import { scheduleAbsenceJob } from './absence-job';

/** The absence job (ABSENCE_JOB, every ABSENCE_JOB_SECONDS) on the school clock. */
export function setupAttendance(app: FastifyInstance) {
  const { config } = app;
  if (!config.absenceJob) return;
  const job = scheduleAbsenceJob(app.db, app.realtime, config.schoolTimezone, app.log, config.absenceJobSeconds, app.clock);
  return () => job.stop();
}

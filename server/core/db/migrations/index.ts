import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_permissions_catalogue';
import * as m0003 from './0003_dashboard_indexes';
import * as m0005 from './0005_student_archive';
import * as m0006 from './0006_rfid_attendance';
import * as m0007 from './0007_notifications';
import * as m0008 from './0008_unique_grade_section_names';
import * as m0009 from './0009_messenger_opt_in_links';
import * as m0010 from './0010_outbox_send_protocol';
import * as m0011 from './0011_reader_history';
import * as m0012 from './0012_app_settings';
import * as m0013 from './0013_device_failed_attempts';
import * as m0016 from './0016_outbox_urgency';
import * as m0017 from './0017_school_calendar';
import * as m0019 from './0019_school_activity_log';
import * as m0022 from './0022_attendance_rollups';
import * as m0023 from './0023_student_counts';
import * as m0024 from './0024_outbox_pending_idx';
import * as m0026 from './0026_session_idle';
import * as m0027 from './0027_reader_token_owner';
import * as m0028 from './0028_device_claims';
import * as m0029 from './0029_messenger_link_slot';
import * as m0030 from './0030_password_resets';
import * as m0031 from './0031_known_devices';
import * as m0032 from './0032_device_send_rate';
import * as m0033 from './0033_outbox_urgent_routine';
import * as m0034 from './0034_sms_alarms';
import * as m0035 from './0035_notice_templates';
import * as m0036 from './0036_sms_school_created_idx';
import * as m0037 from './0037_gate_pairing_codes';
import * as m0038 from './0038_school_settings';
import * as m0039 from './0039_learner_credentials';
import * as m0042 from './0042_bulk_jobs';
import * as m0043 from './0043_no_class_periods';
import * as m0044 from './0044_learner_movement';
import * as m0045 from './0045_section_adviser';
import * as m0046 from './0046_learner_register_fields';
import * as m0047 from './0047_school_year_rollover';

/**
 * Every migration, in order. Add new ones here (never edit an applied one). A migration's name is what databases
 * record as applied, so names never change: 0004, 0014 and 0015 were never merged, and the gaps stay.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_permissions_catalogue': m0002,
  '0003_dashboard_indexes': m0003,
  '0005_student_archive': m0005,
  '0006_rfid_attendance': m0006,
  '0007_notifications': m0007,
  '0008_unique_grade_section_names': m0008,
  '0009_messenger_opt_in_links': m0009,
  '0010_outbox_send_protocol': m0010,
  '0011_reader_history': m0011,
  '0012_app_settings': m0012,
  '0013_device_failed_attempts': m0013,
  '0016_outbox_urgency': m0016,
  '0017_school_calendar': m0017,
  '0019_school_activity_log': m0019,
  '0022_attendance_rollups': m0022,
  '0023_student_counts': m0023,
  '0024_outbox_pending_idx': m0024,
  '0026_session_idle': m0026,
  '0027_reader_token_owner': m0027,
  '0028_device_claims': m0028,
  '0029_messenger_link_slot': m0029,
  '0030_password_resets': m0030,
  '0031_known_devices': m0031,
  '0032_device_send_rate': m0032,
  '0033_outbox_urgent_routine': m0033,
  '0034_sms_alarms': m0034,
  '0035_notice_templates': m0035,
  '0036_sms_school_created_idx': m0036,
  '0037_gate_pairing_codes': m0037,
  '0038_school_settings': m0038,
  '0039_learner_credentials': m0039,
  '0042_bulk_jobs': m0042,
  '0043_no_class_periods': m0043,
  '0044_learner_movement': m0044,
  '0045_section_adviser': m0045,
  '0046_learner_register_fields': m0046,
  '0047_school_year_rollover': m0047,
};

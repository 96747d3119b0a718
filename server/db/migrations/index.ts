import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_permissions_catalogue';
import * as m0003 from './0003_dashboard_indexes';
import * as m0006 from './0006_rfid_attendance';

/** Every migration, in order. Add new ones here (never edit an applied one). */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_permissions_catalogue': m0002,
  '0003_dashboard_indexes': m0003,
  '0006_rfid_attendance': m0006,
};

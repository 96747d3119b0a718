import type { DB } from '../server/core/db/index';

/*
 * The public /systems catalogue of the demo: what the company sells, so a visitor of the demo sees products to
 * order (without pictures: the catalogue shows its placeholder until staff add some in Systems & Orders).
 */
const SYSTEMS = [
  {
    name: 'RFID Gate Attendance',
    description:
      'Learners tap their RFID card at the gate; attendance is recorded by the school’s own rules and calendar, and parents get an SMS or Messenger message within a minute.',
    features: ['USB and ZKTeco readers', 'Parent SMS and Messenger', 'Late and absence cutoffs', 'DepEd SF1, SF2 and SF4'],
  },
  {
    name: 'Gate Station Kiosk',
    description:
      'A PC or tablet and a USB reader become a gate screen: the learner’s photo and name on every tap, and no tap lost when the network drops.',
    features: ['Works offline', 'Photo check at the gate', 'Installs as an app'],
  },
  {
    name: 'School Messaging',
    description: 'Announcements and class messages to parents by SMS through the school’s own phones, with delivery reports.',
    features: ['Message a class', 'Delivery reports', 'Filipino and English templates'],
  },
];

export async function seedCatalogue(db: DB, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('systems')
    .values(SYSTEMS.map((s) => ({ ...s, features: JSON.stringify(s.features), images: '[]', createdAt: at, updatedAt: at })))
    .execute();
}

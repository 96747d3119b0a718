/*
 * Shared by the bench:seed generators (bench data only, never used by the product): the plan, word
 * lists, the calendar of the window in the school time zone, and how rows are handed to the writer.
 * Deterministic for a given seed and "today": every random choice comes from the plan's seeded PRNG.
 */
import { localDate, startOfLocalDay } from '@core/time/time';
import type { Rng } from './lib';

export type Row = unknown[];

export interface TableRows {
  table: string;
  columns: string[];
  total: number;
  /** batches of rows, in insertion order */
  batches(): Iterable<Row[]>;
}

export interface SeedPlan {
  rng: Rng;
  timeZone: string;
  now: Date;
  days: number;
  schools: number;
  students: number;
  attendance: number;
  sms: number;
  logs: number;
  passwordHash: string;
}

export interface Day {
  date: string;
  /** epoch ms of local midnight */
  start: number;
  weekday: boolean;
}

/** What every generator shares: the plan, the calendar and the entities' sizes (ids are 1-based, in order). */
export interface World {
  plan: SeedPlan;
  rng: Rng;
  nowMs: number;
  /** created_at/updated_at of the entities: the start of the window */
  created: string;
  calendar: Day[];
  schoolDays: Day[];
  gradesPerSchool: number;
  sectionsPerGrade: number;
  /** students per school (index = school id − 1) */
  schoolSizes: number[];
  /** school id of each student id */
  studentSchool: Int32Array;
}

export const FIRST =
  'Juan|Maria|Jose|Ana|Mark|Angel|John|Princess|Paolo|Kristine|Miguel|Andrea|Carlo|Nicole|Rafael|Camille|Gabriel|Patricia|Joshua|Bea|Luis|Isabel|Enzo|Sofia'.split(
    '|',
  );
export const LAST =
  'Dela Cruz|Santos|Reyes|Garcia|Mendoza|Bautista|Villanueva|Ramos|Castillo|Aquino|Navarro|Torres|Flores|Gonzales|Lopez|Cruz|Rivera|Soriano|Manalo|Pascual'.split(
    '|',
  );

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const phone = (n: number) => `09${pad(170000000 + n, 9)}`;
export const iso = (ms: number) => new Date(ms).toISOString();
export const personName = (n: number) => [FIRST[n % FIRST.length]!, LAST[Math.floor(n / FIRST.length) % LAST.length]!] as const;
export const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
export const cols = (names: string) => names.trim().split(/\s+/);

/** An instant on a local day, uniformly between two local times given in minutes after midnight. */
export const at = (rng: Rng, day: Day, fromMin: number, toMin: number) => day.start + rng.int(fromMin * 60, toMin * 60) * 1000;

/** Splits total over buckets in proportion to weights, summing exactly to total. */
export function quotas(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  let given = 0;
  return weights.map((w, i) => {
    acc += w;
    const upto = i === weights.length - 1 ? total : Math.round((total * acc) / sum);
    const q = upto - given;
    given = upto;
    return q;
  });
}

export function* chunks<T>(items: Iterable<T>, size = 5000): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** The days of the window, oldest first, each with its local midnight. */
function calendar(plan: SeedPlan): Day[] {
  const today = localDate(plan.now, plan.timeZone);
  return ids(plan.days).map((n) => {
    const date = new Date(Date.parse(`${today}T12:00:00Z`) - (plan.days - n) * 86_400_000).toISOString().slice(0, 10);
    const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
    return { date, start: startOfLocalDay(date, plan.timeZone).getTime(), weekday: dow >= 1 && dow <= 5 };
  });
}

export function createWorld(plan: SeedPlan): World {
  const { rng } = plan;
  const days = calendar(plan);
  // Uneven school sizes, as real schools are.
  const schoolSizes = quotas(
    plan.students,
    ids(plan.schools).map(() => 0.3 + rng.next() * 1.4),
  );
  const studentSchool = new Int32Array(plan.students + 1);
  for (let s = 0, id = 1; s < plan.schools; s++) for (let k = 0; k < schoolSizes[s]!; k++) studentSchool[id++] = s + 1;
  return {
    plan,
    rng,
    nowMs: plan.now.getTime(),
    created: iso(plan.now.getTime() - plan.days * 86_400_000),
    calendar: days,
    schoolDays: days.filter((d) => d.weekday),
    gradesPerSchool: 6,
    sectionsPerGrade: 3,
    schoolSizes,
    studentSchool,
  };
}

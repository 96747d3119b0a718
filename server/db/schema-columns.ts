import type { Generated } from 'kysely';

/* Column types shared by the table files (server/db/schema*.ts). */
export type Id = Generated<number>;
export type Flag = Generated<number>;

import type { Generated } from 'kysely';

/* Column types shared by the table files (server/core/db/schema*.ts). */
export type Id = Generated<number>;
export type Flag = Generated<number>;

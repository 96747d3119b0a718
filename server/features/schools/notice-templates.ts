import { isPostgres, type DB, type Executor } from '@core/db/index';
import { notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import type { NoticeTemplates, NoticeTemplatesPatch } from '@domain/notice-templates';
import {
  DEFAULT_TEMPLATES,
  NOTICE_KINDS,
  NOTICE_LANGUAGES,
  noticeLanguageOf,
  parseStoredTemplates,
  templateFor,
  type StoredTemplates,
} from '@shared/notice-templates';
import { SCHOOL_NOT_FOUND } from '@domain/schools';

/** A school's notice language and stored texts, read in `db` (locked on PostgreSQL for the write that follows). */
async function readSettings(db: Executor, schoolId: number, lock = false) {
  let query = db
    .selectFrom('schools')
    .select(['id', 'name', 'acronym', 'noticeLanguage', 'noticeTemplates'])
    .where('id', '=', schoolId);
  if (lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(SCHOOL_NOT_FOUND);
  return {
    name: row.name,
    acronym: row.acronym,
    language: noticeLanguageOf(row.noticeLanguage),
    stored: parseStoredTemplates(row.noticeTemplates),
  };
}

/** Every notice in both languages: the school's own text or the default. */
function view(
  schoolId: number,
  schoolAcronym: string,
  language: NoticeTemplates['language'],
  stored: StoredTemplates,
): NoticeTemplates {
  return {
    schoolId,
    schoolAcronym,
    language,
    templates: NOTICE_LANGUAGES.flatMap((lang) =>
      NOTICE_KINDS.map((kind) => {
        const text = templateFor(stored, lang, kind);
        const defaultText = DEFAULT_TEMPLATES[lang][kind];
        return { language: lang, kind, text, isDefault: text === defaultText, defaultText };
      }),
    ),
  };
}

export async function getNoticeTemplates(db: Executor, schoolId: number): Promise<NoticeTemplates> {
  const { acronym, language, stored } = await readSettings(db, schoolId);
  return view(schoolId, acronym, language, stored);
}

/** The stored texts in one canonical form: only the texts that differ from their default, in a fixed order. */
function canonical(stored: StoredTemplates): StoredTemplates {
  const out: StoredTemplates = {};
  for (const lang of NOTICE_LANGUAGES)
    for (const kind of NOTICE_KINDS) {
      const text = stored[lang]?.[kind];
      if (typeof text === 'string' && text !== DEFAULT_TEMPLATES[lang][kind]) (out[lang] ??= {})[kind] = text;
    }
  return out;
}

/** Every text by `{lang}.{KIND}`, for the log's diff. */
const flat = (stored: StoredTemplates) =>
  Object.fromEntries(NOTICE_LANGUAGES.flatMap((l) => NOTICE_KINDS.map((k) => [`${l}.${k}`, templateFor(stored, l, k)])));

/**
 * PATCH: the language and/or texts (null or the default's own text = the default). Nothing changed: nothing is
 * written and nothing logged. Else one update and one log entry, `changes` keyed `language` and `{lang}.{KIND}`.
 */
export async function updateNoticeTemplates(
  db: DB,
  schoolId: number,
  input: NoticeTemplatesPatch,
  actor: Actor,
): Promise<NoticeTemplates> {
  return db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, schoolId, true);
    const next: StoredTemplates = canonical(before.stored);
    for (const change of input.templates ?? []) {
      const texts = (next[change.language] ??= {});
      if (change.text == null) delete texts[change.kind];
      else texts[change.kind] = change.text;
    }
    const after = canonical(next);
    const language = input.language ?? before.language;
    const changes = diff({ language: before.language, ...flat(before.stored) }, { language, ...flat(after) });
    if (Object.keys(changes).length === 0) return view(schoolId, before.acronym, before.language, before.stored);
    const json = Object.keys(after).length ? JSON.stringify(after) : null;
    await trx
      .updateTable('schools')
      .set({ noticeLanguage: language, noticeTemplates: json, updatedAt: nowIso() })
      .where('id', '=', schoolId)
      .execute();
    await writeLog(trx, actor, {
      action: 'UPDATE_NOTICE_TEMPLATES',
      entity: 'School',
      entityId: schoolId,
      schoolId,
      details: { name: before.name, changes },
    });
    return view(schoolId, before.acronym, language, after);
  });
}

import { describe, expect, it } from 'vitest';
import { matchGrade, readDate, readGender, readImportCells, readPreference } from '@domain/students/import-values';

/*
 * The CSV import's leniency as a table: what a registrar types, and what each cell becomes (a cell no reader knows
 * passes on unchanged, or is refused with the import's own message).
 */

describe('import leniency: what each cell becomes', () => {
  it.each([
    ['Male', 'MALE'],
    ['male', 'MALE'],
    ['M', 'MALE'],
    ['m', 'MALE'],
    [' MALE ', 'MALE'],
    ['Female', 'FEMALE'],
    ['F', 'FEMALE'],
    ['f', 'FEMALE'],
    ['FEMALE', 'FEMALE'],
    ['Lalaki', 'MALE'],
    ['babae', 'FEMALE'],
    ['Other', 'OTHER'],
    ['X', 'X'],
  ])('sex %j → %j', (cell, value) => expect(readGender(cell)).toBe(value));

  it.each([
    ['2012-06-15', '2012-06-15', false],
    ['2012/6/5', '2012-06-05', false],
    ['06/15/2012', '2012-06-15', false],
    ['6/15/2012', '2012-06-15', false],
    ['03/04/2012', '2012-03-04', true],
    ['3-4-2012', '2012-03-04', true],
    ['04.04.2012', '2012-04-04', false],
    ['25/03/2012', '2012-03-25', false],
    ['June 15, 2012', '2012-06-15', false],
    ['Jun 15 2012', '2012-06-15', false],
    ['15 June 2012', '2012-06-15', false],
    ['Sept. 1, 2012', '2012-09-01', false],
  ])('date %j → %j (ambiguous: %s)', (cell, value, ambiguous) => expect(readDate(cell)).toEqual({ ok: true, value, ambiguous }));

  it.each(['02/30/2012', '13/13/2012', '06/15/12', '2012-13-01', 'yesterday', 'Ju 5 2012', '15/06'])(
    'date %j is not a date',
    (cell) => expect(readDate(cell)).toEqual({ ok: false }),
  );

  it.each([
    ['SMS', 'SMS_ONLY'],
    ['sms', 'SMS_ONLY'],
    ['Text', 'SMS_ONLY'],
    ['SMS only', 'SMS_ONLY'],
    ['SMS_ONLY', 'SMS_ONLY'],
    ['Messenger', 'FACEBOOK_MESSENGER_ONLY'],
    ['FB', 'FACEBOOK_MESSENGER_ONLY'],
    ['Facebook Messenger only', 'FACEBOOK_MESSENGER_ONLY'],
    ['FACEBOOK_MESSENGER_ONLY', 'FACEBOOK_MESSENGER_ONLY'],
    ['both', 'BOTH'],
    ['Both', 'BOTH'],
    ['SMS and Facebook Messenger', 'BOTH'],
    ['SMS + Messenger', 'BOTH'],
    ['SMS & FB', 'BOTH'],
    ['email', 'email'],
  ])('notification preference %j → %j', (cell, value) => expect(readPreference(cell)).toBe(value));

  const grades = [
    { id: 1, name: 'Grade 7' },
    { id: 2, name: 'Grade 8' },
    { id: 3, name: 'Kindergarten' },
    { id: 4, name: '10' },
  ];
  it.each([
    ['Grade 7', { id: 1, name: 'Grade 7', exact: true }],
    ['grade  7', { id: 1, name: 'Grade 7', exact: true }],
    ['7', { id: 1, name: 'Grade 7', exact: false }],
    ['G7', { id: 1, name: 'Grade 7', exact: false }],
    ['Gr. 8', { id: 2, name: 'Grade 8', exact: false }],
    ['grade8', { id: 2, name: 'Grade 8', exact: false }],
    ['kindergarten', { id: 3, name: 'Kindergarten', exact: true }],
    ['Grade 10', { id: 4, name: '10', exact: false }],
    ['9', null],
    ['Grade 99', null],
  ])('grade %j → %j', (cell, match) => expect(matchGrade(cell, grades)).toEqual(match));

  it('a row: every readable cell becomes its code, every unreadable one is named at once, ambiguous dates noted', () => {
    expect(
      readImportCells({ gender: 'f', dateOfBirth: '03/04/2012', enrolmentDate: '06/03/2024', notificationPreference: 'text' }),
    ).toEqual({
      cells: { gender: 'FEMALE', dateOfBirth: '2012-03-04', enrolmentDate: '2024-06-03', notificationPreference: 'SMS_ONLY' },
      errors: {},
      notes: {
        dateOfBirth: 'Date of birth 03/04/2012 read as March 4, 2012 (month first)',
        enrolmentDate: 'Enrolment date 06/03/2024 read as June 3, 2024 (month first)',
      },
    });
    expect(readImportCells({ gender: 'boyish', dateOfBirth: '31/31/2012', notificationPreference: 'email' }).errors).toEqual({
      gender: 'Gender "boyish" is not Male (M), Female (F) or Other',
      dateOfBirth: 'Date of birth "31/31/2012" is not a date: write it MM/DD/YYYY or YYYY-MM-DD',
      notificationPreference: 'Notification preference "email" is not SMS, Messenger or Both',
    });
  });
});

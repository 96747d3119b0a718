import { randomInt } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { isSameAsEmail, PASSWORD_MESSAGES, PASSWORD_MIN_SCORE } from '@domain/auth';
import { badRequest } from '../http/errors';

let estimator: ZxcvbnFactory | undefined;

/** Long passwords are estimated on their first 100 characters (estimation time grows with length). */
const ESTIMATE_CHARS = 100;

/**
 * Why this password may not be set, or null. `email` is the account's address; `userInputs` (names, employee
 * id…) make passwords built from them count as guessable.
 */
export function passwordWeakness(password: string, email: string | null | undefined, userInputs: string[] = []): string | null {
  if (isSameAsEmail(password, email)) return PASSWORD_MESSAGES.sameAsEmail;
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  const inputs = [email ?? '', ...userInputs].filter(Boolean);
  const { score } = estimator.check(password.slice(0, ESTIMATE_CHARS), inputs);
  return score < PASSWORD_MIN_SCORE ? PASSWORD_MESSAGES.tooGuessable : null;
}

/** 400 with the message on `field` when the password may not be set. */
export function assertStrongPassword(
  field: string,
  password: string,
  email: string | null | undefined,
  userInputs: Array<string | null | undefined> = [],
): void {
  const problem = passwordWeakness(
    password,
    email,
    userInputs.filter((v): v is string => !!v),
  );
  if (problem) throw badRequest(problem, { [field]: problem });
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied (no 0/o, 1/l/i). */
const GENERATED_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A password for an account the admin creates without one (the CSV import's empty Password cells): three groups
 * of four random characters ('k7mq-hx4p-2wtr', about 59 bits), checked like any password set by hand — so it
 * passes `assertStrongPassword` with the same email and names.
 */
export function generatePassword(email: string | null | undefined, userInputs: Array<string | null | undefined> = []): string {
  const inputs = userInputs.filter((v): v is string => !!v);
  const group = () => Array.from({ length: 4 }, () => GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)]).join('');
  for (let attempt = 0; attempt < 20; attempt++) {
    const password = [group(), group(), group()].join('-');
    if (!passwordWeakness(password, email, inputs)) return password;
  }
  throw new Error('Could not generate a password that passes the password policy');
}

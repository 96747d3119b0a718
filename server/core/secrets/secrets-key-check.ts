import { ConfigError } from '../config';
import type { Executor } from '../db/index';
import { nowIso } from '../time/time';
import type { SecretBox } from './secrets';

const SETTING = 'secrets_key_check';
const PURPOSE = 'secrets-key-check';

export const WRONG_KEY_MESSAGE =
  'The secrets key (SECRETS_KEY, or DATA_DIR/secret.key) is not the one this database was set up with: the SMS ' +
  "devices' API keys and Facebook pages' tokens could not be read. Start with the key from your backup of this " +
  'database; the server does not start with another one.';

/**
 * A server started with another key would answer 500 on every device and page (their stored keys do
 * not decrypt). The database keeps a check value derived from the key (an HMAC; it reveals nothing of the key);
 * a mismatch stops the start with one clear line. An installation from before the check proves its key by
 * decrypting one stored secret, then gets its check value.
 */
export async function verifySecretsKey(db: Executor, secrets: SecretBox): Promise<void> {
  const expected = secrets.derive(PURPOSE);
  const stored = await db.selectFrom('appSettings').select('value').where('name', '=', SETTING).executeTakeFirst();
  if (stored) {
    if (stored.value !== expected) throw new ConfigError(WRONG_KEY_MESSAGE);
    return;
  }
  const device = await db.selectFrom('smsDevices').select('apiKey as secret').limit(1).executeTakeFirst();
  const page = device
    ? undefined
    : await db.selectFrom('facebookPages').select('accessToken as secret').limit(1).executeTakeFirst();
  const sample = device ?? page;
  if (sample) {
    try {
      secrets.decrypt(sample.secret);
    } catch {
      throw new ConfigError(WRONG_KEY_MESSAGE);
    }
  }
  // Several processes may start at once on one database: the first insert wins and the others compare with it.
  await db
    .insertInto('appSettings')
    .values({ name: SETTING, value: expected, updatedAt: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const winner = await db.selectFrom('appSettings').select('value').where('name', '=', SETTING).executeTakeFirstOrThrow();
  if (winner.value !== expected) throw new ConfigError(WRONG_KEY_MESSAGE);
}

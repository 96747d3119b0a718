import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (SMS device API keys, Facebook page tokens): AES-256-GCM with a key that never sits in the
 * database. The key comes from SECRETS_KEY (base64 of 32 bytes; set it when several servers share one
 * database) or from DATA_DIR/secret.key, generated on first start (mode 0600).
 * Stored form: 'v1:' + base64(iv | tag | ciphertext).
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** A stable secret for a purpose (e.g. the SMS webhook's shared secret), derived from the key. */
  derive(purpose: string): string;
}

const PREFIX = 'v1:';
export const KEY_FILE = 'secret.key';

export function loadSecretKey(opts: { secretsKey?: string; dataDir: string }): Buffer {
  if (opts.secretsKey) {
    const key = Buffer.from(opts.secretsKey, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be the base64 of 32 random bytes (openssl rand -base64 32)');
    return key;
  }
  const file = path.join(opts.dataDir, KEY_FILE);
  fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': only the first process to start writes it; the others read the same key.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return loadSecretKey({ secretsKey: fs.readFileSync(file, 'utf8').trim(), dataDir: opts.dataDir });
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored) {
      // Rows written before encryption (or by the bench seed) hold the plain value.
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    derive(purpose) {
      return createHmac('sha256', key).update(purpose).digest('base64url');
    },
  };
}

import { errors, jwtVerify } from 'jose';

/**
 * The httpSMS webhook token (`Authorization: Bearer <JWT>`), checked with jose. httpSMS signs HS256 with the
 * webhook's signing key and the claims iss 'api.httpsms.com', aud [the webhook URL], iat, nbf (10 min back),
 * exp (10 min on) (NdoleStudio/httpsms api/pkg/services/webhook_service.go getAuthToken). Required here: the
 * signature, HS256 only, exp, iat no older than MAX_AGE (a token is not replayable for long, whatever its exp),
 * the issuer and the audience; CLOCK_SKEW allowed on every time.
 */
export const WEBHOOK_CLOCK_SKEW_S = 60;
const MAX_AGE = '15m';
export const WEBHOOK_PATH = '/api/webhooks/sms';

export interface WebhookTokenRules {
  secret: string;
  issuer: string;
  /** the exact webhook URL; unset → any audience URL whose path is WEBHOOK_PATH */
  audience?: string;
}

const keys = new Map<string, Uint8Array>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
};

const pathOf = (aud: string) => {
  try {
    return new URL(aud).pathname.replace(/\/+$/, '');
  } catch {
    return null;
  }
};

/** null when the token is good; else why it is refused (for the log, never for the caller). */
export async function webhookTokenProblem(token: string, rules: WebhookTokenRules): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(rules.secret), {
      algorithms: ['HS256'],
      issuer: rules.issuer,
      audience: rules.audience,
      requiredClaims: ['exp', 'iat', 'aud'],
      maxTokenAge: MAX_AGE,
      clockTolerance: WEBHOOK_CLOCK_SKEW_S,
    });
    if (rules.audience) return null;
    const auds = Array.isArray(payload.aud) ? payload.aud : [payload.aud ?? ''];
    return auds.some((a) => pathOf(a) === WEBHOOK_PATH) ? null : `audience ${JSON.stringify(payload.aud)} is not this webhook`;
  } catch (err) {
    if (err instanceof errors.JOSEError) return `${err.code}: ${err.message}`;
    throw err;
  }
}

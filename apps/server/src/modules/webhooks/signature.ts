import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export const newSecret = () => `${PREFIX}${randomBytes(24).toString('base64')}`;

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body`, keyed with the secret's bytes (the base64 after `whsec_`).
 */
export function signature(secret: string, messageId: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

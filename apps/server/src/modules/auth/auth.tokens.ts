import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
const ISSUER = 'ideaforge';
const AUDIENCE = 'ideaforge-api';
const ALGORITHM = 'HS256';

/** Who a token speaks for: the user, at the session version it was issued under. */
export interface TokenSubject {
  id: number;
  sessionVersion: number;
}

/** A verified token's subject, and when the token stops being valid (ms since the epoch). */
export interface VerifiedToken {
  subject: TokenSubject;
  expiresAt: number;
}

export interface AccessTokens {
  sign(user: TokenSubject): Promise<string>;
  /** The subject and expiry of a valid access token, or null for anything else. */
  verify(token: string): Promise<VerifiedToken | null>;
}

/** The secret as a WebCrypto key, imported once: jose would import raw bytes on every call. */
const hmacKey = (secret: string) =>
  crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Tokens already verified, until they expire. A client presents the same token on every request
 * for five minutes, and WebCrypto's HMAC cost more than the rest of a small request; a token's
 * validity depends only on the clock once its signature checked out. The oldest entry makes room.
 * Only tokens this server signed can enter; whether their user may still act is checked anyway,
 * on every request, against the database.
 */
function verifiedTokens() {
  const entries = new Map<string, VerifiedToken>();
  return {
    get(token: string): VerifiedToken | undefined {
      const entry = entries.get(token);
      if (entry && entry.expiresAt > Date.now()) return entry;
      entries.delete(token);
      return undefined;
    },
    keep(token: string, verified: VerifiedToken) {
      const oldest = entries.keys().next();
      if (entries.size >= VERIFIED_TOKENS_KEPT && !oldest.done) entries.delete(oldest.value);
      entries.set(token, verified);
    },
  };
}

export function accessTokens(secret: string): AccessTokens {
  const keyPromise = hmacKey(secret);
  const verified = verifiedTokens();

  /** The token's subject and expiry when its signature and claims check out, else null. */
  async function check(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await keyPromise, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: 'JWT',
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.token_type !== 'access' || payload.exp === undefined) return null;
      const id = Number(payload.sub);
      const sessionVersion = payload.ver;
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion)) return null;
      return { subject: { id, sessionVersion }, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }

  return {
    sign: async (user) =>
      new SignJWT({ token_type: 'access', ver: user.sessionVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(await keyPromise),
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      const result = await check(token);
      if (!result) return null;
      verified.keep(token, result);
      return result;
    },
  };
}

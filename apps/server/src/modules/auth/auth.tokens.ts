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

export interface AccessTokens {
  sign(user: TokenSubject): Promise<string>;
  /** The subject of a valid access token, or null for anything else. */
  verify(token: string): Promise<TokenSubject | null>;
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

export function accessTokens(secret: string): AccessTokens {
  const keyPromise = hmacKey(secret);
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
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: 'JWT',
          requiredClaims: ['exp', 'sub'],
        });
        if (payload.token_type !== 'access') return null;
        const id = Number(payload.sub);
        const sessionVersion = payload.ver;
        if (!Number.isSafeInteger(id) || id <= 0) return null;
        if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion))
          return null;
        return { id, sessionVersion };
      } catch {
        return null;
      }
    },
  };
}

import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
const ISSUER = 'ideaforge';
const AUDIENCE = 'ideaforge-api';
const ALGORITHM = 'HS256';

export interface AccessTokens {
  sign(userId: number): Promise<string>;
  /** The user id carried by a valid access token, or null for anything else. */
  verify(token: string): Promise<number | null>;
}

export function accessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({ token_type: 'access' })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: 'JWT',
          requiredClaims: ['exp', 'sub'],
        });
        if (payload.token_type !== 'access') return null;
        const userId = Number(payload.sub);
        return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
      } catch {
        return null;
      }
    },
  };
}

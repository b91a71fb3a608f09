import { describe, expect, it } from 'vitest';
import {
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signInSchema,
} from './sign-in-schema';

type ParseResult = { error?: { issues: { path: PropertyKey[]; message: string }[] } };

function issuesOf(result: ParseResult) {
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('signInSchema', () => {
  it('accepts an e-mail and password, lower-casing the e-mail and keeping the password as typed', () => {
    expect(signInSchema.parse({ email: ' Rosa@Example.com', password: ' secret ' })).toEqual({
      email: 'rosa@example.com',
      password: ' secret ',
    });
  });

  it('asks for a valid e-mail when it is missing or malformed', () => {
    for (const email of [undefined, '', 'rosa', 'rosa@example']) {
      expect(issuesOf(signInSchema.safeParse({ email, password: 'secret' }))).toEqual([
        { path: 'email', message: 'Enter a valid email address' },
      ]);
    }
  });

  it('asks for the password when it is missing', () => {
    for (const password of [undefined, '']) {
      expect(issuesOf(signInSchema.safeParse({ email: 'rosa@example.com', password }))).toEqual([
        { path: 'password', message: 'Enter your password' },
      ]);
    }
  });

  it('does not hold a short password against an existing account', () => {
    expect(signInSchema.safeParse({ email: 'rosa@example.com', password: 'short' }).success).toBe(true);
  });
});

describe('passwordResetRequestSchema', () => {
  it('accepts a valid e-mail and refuses a malformed one', () => {
    expect(passwordResetRequestSchema.parse({ email: 'ROSA@example.com' })).toEqual({
      email: 'rosa@example.com',
    });
    expect(issuesOf(passwordResetRequestSchema.safeParse({ email: 'rosa@' }))).toEqual([
      { path: 'email', message: 'Enter a valid email address' },
    ]);
  });
});

describe('passwordResetSchema', () => {
  const token = 'k'.repeat(32);

  it('accepts a token and a long enough password', () => {
    expect(passwordResetSchema.safeParse({ token, password: 'a'.repeat(10) }).success).toBe(true);
  });

  it('refuses a token shorter than 20 characters', () => {
    expect(
      issuesOf(passwordResetSchema.safeParse({ token: 'k'.repeat(19), password: 'a'.repeat(10) })),
    ).toEqual([{ path: 'token', message: 'This password reset link is not valid' }]);
  });

  it('asks for at least 10 characters and at most 200', () => {
    expect(issuesOf(passwordResetSchema.safeParse({ token, password: 'a'.repeat(9) }))).toEqual([
      { path: 'password', message: 'Use at least 10 characters for your password' },
    ]);
    expect(issuesOf(passwordResetSchema.safeParse({ token, password: 'a'.repeat(201) }))).toEqual([
      { path: 'password', message: 'Limit password to 200 characters' },
    ]);
  });
});

describe('passwordChangeSchema', () => {
  it('accepts the current password and a long enough new one', () => {
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'old', newPassword: 'a'.repeat(10) }).success,
    ).toBe(true);
  });

  it('asks for the current password and a long enough new one', () => {
    expect(issuesOf(passwordChangeSchema.safeParse({ currentPassword: '', newPassword: 'short' }))).toEqual([
      { path: 'currentPassword', message: 'Enter your password' },
      { path: 'newPassword', message: 'Use at least 10 characters for your password' },
    ]);
  });

  it('refuses a new password over 200 characters', () => {
    expect(
      issuesOf(passwordChangeSchema.safeParse({ currentPassword: 'old', newPassword: 'a'.repeat(201) })),
    ).toEqual([{ path: 'newPassword', message: 'Limit password to 200 characters' }]);
  });
});

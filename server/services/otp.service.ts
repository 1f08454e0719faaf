import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import mongoose from "mongoose";
import { Otp } from "../../models/otp.model.js";
import { getEnv } from "../env.js";
import { badRequest, HttpError, tooManyRequests } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { sendSms } from "../integrations/sms.js";
import { toBanglaDigits } from "#contract/i18n/digits";
import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locale";

/** Phone OTP rules. */
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_SENDS_PER_HOUR = 5;
/** How long a verified phone may be saved with update-phone. */
export const OTP_VERIFIED_WINDOW_SECONDS = 10 * 60;

const HOUR_MS = 60 * 60_000;

export const OTP_MESSAGES = {
  sent: "Verification code sent",
  notRequested: "No verification code was requested for this number. Please request a new one.",
  expired: "The verification code has expired. Please request a new one.",
  tooManyAttempts: "Too many wrong attempts. Please request a new code.",
  notVerified: "Verify this phone number with the code we sent before saving it.",
  smsFailed: "Could not send the verification code. Please try again later.",
  wrongCode: (left: number) =>
    left > 0
      ? `Incorrect verification code. ${left} ${left === 1 ? "attempt" : "attempts"} left.`
      : "Incorrect verification code. No attempts left; please request a new code.",
  wait: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} before requesting another code.`,
  hourly: (minutes: number) =>
    `Too many codes requested for this number (at most ${OTP_MAX_SENDS_PER_HOUR} an hour). Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
};

/** HMAC-SHA256 of phone and code, peppered with JWT_SECRET: a database leak reveals no codes. */
export function hashOtp(phone: string, code: string): string {
  return createHmac("sha256", getEnv().JWT_SECRET).update(`otp:${phone}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export function generateOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Creates a code for `phone` (local 01XXXXXXXXX form), stores its hash and sends it by SMS. */
/**
 * The OTP SMS in each language, one SMS part each (GSM-7 in English, Unicode in Bangla); the code
 * stays in ASCII digits so phones offer to fill it in.
 */
export function otpSmsText(code: string, locale: Locale): string {
  const minutes = OTP_TTL_SECONDS / 60;
  return locale === "bn"
    ? `Tweest যাচাই কোড ${code}। ${toBanglaDigits(String(minutes))} মিনিটের মধ্যে ব্যবহার করুন।`
    : `Your Tweest verification code is ${code}. It expires in ${minutes} minutes.`;
}

export async function sendOtp(
  phone: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ message: string; expiresIn: number }> {
  await Otp.updateOne(
    { phone },
    { $setOnInsert: { phone, lastSentAt: new Date(0), sends: [], attempts: 0 } },
    { upsert: true },
  ).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 11000) throw error;
  });
  const current = await Otp.findOne({ phone }).lean();
  if (!current) throw new Error("OTP row vanished");
  const now = Date.now();
  const previousSentAt = current.lastSentAt ?? new Date(0);
  const sinceLast = now - previousSentAt.getTime();
  if (sinceLast < OTP_RESEND_SECONDS * 1000)
    throw tooManyRequests(
      OTP_MESSAGES.wait(Math.ceil((OTP_RESEND_SECONDS * 1000 - sinceLast) / 1000)),
    );
  const recent = ((current.sends ?? []) as unknown as Date[]).filter(
    (sent) => now - sent.getTime() < HOUR_MS,
  );
  if (recent.length >= OTP_MAX_SENDS_PER_HOUR) {
    const oldest = Math.min(...recent.map((sent) => sent.getTime()));
    throw tooManyRequests(
      OTP_MESSAGES.hourly(Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 60_000))),
    );
  }

  const code = generateOtpCode();
  const sentAt = new Date(now);
  // Optimistic claim: only one of several concurrent requests (or instances) wins this send.
  const claimed = await Otp.updateOne(
    { phone, lastSentAt: previousSentAt },
    {
      $set: {
        lastSentAt: sentAt,
        sends: [...recent, sentAt],
        codeHash: hashOtp(phone, code),
        expiresAt: new Date(now + OTP_TTL_SECONDS * 1000),
        attempts: 0,
        verifiedAt: null,
        verifiedBy: null,
      },
    },
  );
  if (claimed.modifiedCount !== 1) throw tooManyRequests(OTP_MESSAGES.wait(OTP_RESEND_SECONDS));

  try {
    await sendSms(phone, otpSmsText(code, locale));
  } catch (error) {
    logger.error({ err: error, phone }, "OTP SMS failed");
    // Give the send back so the shopper can retry at once.
    await Otp.updateOne(
      { phone, lastSentAt: sentAt },
      {
        $set: { lastSentAt: previousSentAt, sends: recent },
        $unset: { codeHash: 1, expiresAt: 1 },
      },
    );
    throw new HttpError(502, OTP_MESSAGES.smsFailed, "SMS_FAILED");
  }
  return { message: OTP_MESSAGES.sent, expiresIn: OTP_TTL_SECONDS };
}

/** A code found right for its phone and not used yet: what `consumeOtpCode` spends. */
export interface CheckedOtp {
  phone: string;
  codeHash: string;
}

/**
 * Checks a code without using it. Each wrong code counts as one of its tries (counted before the
 * comparison, so tries sent at once cannot exceed the limit); a right one costs no try, and stays
 * valid until `consumeOtpCode` spends it: the checkout checks the code before reserving anything
 * and spends it only when the order is written, so a line sold out in between does not use it up.
 */
export async function checkOtpCode(phone: string, code: string): Promise<CheckedOtp> {
  const now = new Date();
  const counted = await Otp.findOneAndUpdate(
    {
      phone,
      codeHash: { $exists: true, $ne: null },
      expiresAt: { $gt: now },
      attempts: { $lt: OTP_MAX_ATTEMPTS },
    },
    { $inc: { attempts: 1 } },
    { new: true },
  ).lean();
  if (!counted) {
    const row = await Otp.findOne({ phone }).lean();
    if (!row?.codeHash) throw badRequest(OTP_MESSAGES.notRequested);
    if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime())
      throw badRequest(OTP_MESSAGES.expired);
    throw badRequest(OTP_MESSAGES.tooManyAttempts);
  }
  if (!sameHash(counted.codeHash!, hashOtp(phone, code)))
    throw badRequest(OTP_MESSAGES.wrongCode(OTP_MAX_ATTEMPTS - (counted.attempts ?? 0)));
  await Otp.updateOne(
    { phone, codeHash: counted.codeHash, attempts: { $gt: 0 } },
    { $inc: { attempts: -1 } },
  );
  return { phone, codeHash: counted.codeHash! };
}

/**
 * Spends a checked code, once: one conditional write on the code it checked, so of two requests
 * with the same code only one gets it, and a code replaced or expired since is refused (400). The
 * verification belongs to `userId`, the signed-in account that entered the code (if any).
 */
export async function consumeOtpCode(checked: CheckedOtp, userId?: string): Promise<void> {
  const now = new Date();
  const used = await Otp.updateOne(
    { phone: checked.phone, codeHash: checked.codeHash, expiresAt: { $gt: now } },
    {
      $set: { verifiedAt: now, verifiedBy: userId ? new mongoose.Types.ObjectId(userId) : null },
      $unset: { codeHash: 1, expiresAt: 1 },
    },
  );
  if (used.modifiedCount === 1) return;
  // Expired since it was checked, or used (or replaced by a new code) by another request.
  const expired = await Otp.exists({ phone: checked.phone, codeHash: checked.codeHash });
  throw badRequest(expired ? OTP_MESSAGES.expired : OTP_MESSAGES.notRequested);
}

/** Checks a code and uses it (a right code is single-use): the sign-in and update-phone check. */
export async function verifyOtp(
  phone: string,
  code: string,
  userId?: string,
): Promise<{ verified: true }> {
  await consumeOtpCode(await checkOtpCode(phone, code), userId);
  return { verified: true };
}

/**
 * Takes the "verified in the last 10 minutes" mark of `phone`, once, for the account that verified
 * it. Throws a 400 when there is none, so update-phone cannot save a number this account did not
 * prove to own (another account's verification of the same number does not count).
 */
export async function consumePhoneVerification(phone: string, userId: string): Promise<void> {
  const since = new Date(Date.now() - OTP_VERIFIED_WINDOW_SECONDS * 1000);
  const taken = await Otp.findOneAndUpdate(
    { phone, verifiedAt: { $gte: since }, verifiedBy: new mongoose.Types.ObjectId(userId) },
    { $set: { verifiedAt: null, verifiedBy: null } },
  ).lean();
  if (!taken) throw badRequest(OTP_MESSAGES.notVerified);
}

/** Forgets numbers with no send for a day (their hour window and codes are long over). */
export async function purgeStaleOtps(now = new Date()): Promise<number> {
  const result = await Otp.deleteMany({
    lastSentAt: { $lt: new Date(now.getTime() - 24 * HOUR_MS) },
  });
  return result.deletedCount;
}

/**
 * ICCID rules (ITU-T E.118): 19 or 20 digits starting with the telecom prefix 89, the last a Luhn
 * check digit over the others. Written without zod so the simulated carrier and seeds use it too.
 */
export const ICCID_PATTERN = /^89\d{17,18}$/;

/** The Luhn check digit of `body` (the digits before it). */
export function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export const isIccid = (s: string) => ICCID_PATTERN.test(s) && luhnDigit(s.slice(0, -1)) === Number(s.at(-1));

/** A valid ICCID from 18 digits (19 with its check digit). */
export const withCheckDigit = (body: string) => `${body}${luhnDigit(body)}`;

import { z } from 'zod';

// Every default message (wrong types, numbers out of range) in Dutch, on the server and in the browser.
z.config(z.locales.nl());

/** A required text field with the spec's '{Field} is verplicht!' message. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const emailField = (requiredMessage = 'Email is verplicht!') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .pipe(z.email({ error: 'Geen geldig email adres.' }))
    .transform((v) => v.toLowerCase());

export const ROBOT_MESSAGE = 'Verifieer dat u geen robot bent!';
export const captchaField = z.string({ error: ROBOT_MESSAGE }).min(1, { error: ROBOT_MESSAGE });

/** YYYY-MM-DD, as every date travels over the API. */
export const apiDate = (message: string) =>
  requiredText(message).regex(/^\d{4}-\d{2}-\d{2}$/, { error: message });

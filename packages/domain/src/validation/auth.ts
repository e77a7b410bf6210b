import { z } from 'zod';
import { apiDate, captchaField, emailField, requiredText } from './common.ts';

export const PASSWORD_REQUIRED = 'Wachtwoord is verplicht';

export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, { error: PASSWORD_REQUIRED }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The account fields shared by register, edit account and the admin user form. */
export const accountFields = {
  email: emailField(),
  first_name: requiredText('Voornaam is verplicht!'),
  last_name: requiredText('Achternaam is verplicht!'),
  date_of_birth: apiDate('Geboortedatum is verplicht!'),
  nationality: requiredText('Nationaliteit is verplicht!'),
  phone_number: requiredText('Telefoonnummer is verplicht!'),
  address: requiredText('Adres is verplicht!'),
  zip: requiredText('Postcode is verplicht!'),
  city: requiredText('Woonplaats is verplicht!'),
  country: requiredText('Land is verplicht!'),
};

export const passwordField = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED })
  .min(8, { error: 'Wachtwoord moet minimaal 8 tekens lang zijn.' })
  .max(200, { error: 'Wachtwoord is te lang.' });

export const registerSchema = z.object({
  ...accountFields,
  password: passwordField,
  login_user: z.boolean().optional(),
  altcha: captchaField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Editing one's own account: no password, no captcha. */
export const accountSchema = z.object(accountFields);
export type AccountInput = z.infer<typeof accountSchema>;

/** Admin creating or editing a user: password optional, role chosen. */
export const adminUserSchema = z.object({
  ...accountFields,
  password: passwordField.optional(),
  role: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type AdminUserInput = z.infer<typeof adminUserSchema>;

export const resetRequestSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'Token is verplicht!' }).trim().min(1, { error: 'Token is verplicht!' }),
    password: passwordField,
    confirm_password: z.string({ error: 'Bevestig je wachtwoord!' }).min(1, { error: 'Bevestig je wachtwoord!' }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    error: 'Wachtwoord is niet hetzeflde als het gewenste wachtwoord.',
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const loginByMailSchema = z.object({ email: emailField() });

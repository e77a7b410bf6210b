import { z } from 'zod';
import { TEXT_MAX, apiDate, captchaField, emailField, requiredText } from './common.ts';

export const PASSWORD_REQUIRED = 'Wachtwoord is verplicht';

export const loginSchema = z.object({
  email: emailField(),
  // Never stored, only hashed: a generous cap keeps a megabyte 'password' from costing argon2 time.
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, { error: PASSWORD_REQUIRED }).max(1000, { error: 'Wachtwoord is te lang.' }),
  /** The ALTCHA solution, needed after a few failed attempts for this account from this address. */
  altcha: z.string().max(4000).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The account fields shared by register, edit account and the admin user form. */
export const accountFields = {
  email: emailField(),
  first_name: requiredText('Voornaam is verplicht!', TEXT_MAX.name),
  last_name: requiredText('Achternaam is verplicht!', TEXT_MAX.name),
  date_of_birth: apiDate('Geboortedatum is verplicht!'),
  nationality: requiredText('Nationaliteit is verplicht!', TEXT_MAX.name),
  phone_number: requiredText('Telefoonnummer is verplicht!', TEXT_MAX.short),
  address: requiredText('Adres is verplicht!', TEXT_MAX.address),
  zip: requiredText('Postcode is verplicht!', TEXT_MAX.short),
  city: requiredText('Woonplaats is verplicht!', TEXT_MAX.name),
  country: requiredText('Land is verplicht!', TEXT_MAX.name),
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
    token: requiredText('Token is verplicht!', TEXT_MAX.token),
    password: passwordField,
    confirm_password: z
      .string({ error: 'Bevestig je wachtwoord!' })
      .min(1, { error: 'Bevestig je wachtwoord!' })
      .max(200, { error: 'Wachtwoord is te lang.' }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    error: 'Wachtwoord is niet hetzeflde als het gewenste wachtwoord.',
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const loginByMailSchema = z.object({ email: emailField() });

/** PUT /api/user: the account fields, plus the current password when the email changes. */
export const ownAccountSchema = accountSchema.extend({ current_password: z.string().max(200).optional() });
export type OwnAccountInput = z.input<typeof ownAccountSchema>;

/** DELETE /api/user: the password confirms that the owner deletes the account. */
export const deleteAccountSchema = z.object({ password: z.string().max(200).optional() }).nullish();

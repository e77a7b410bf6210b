// The contact form (SPEC 2, 5, 7, 8): name, email, message and the captcha, checked with the same
// zod schema as POST /api/contact; the server's answer is shown as the success text.
import { useState } from 'react';
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactSchema } from '@umrah/domain/validation/contact';
import { ApiError, apiPost } from '../../lib/api';
import { fieldErrors, zodValidate } from '../../lib/form';
import { Altcha } from '../auth/Altcha';

type ContactValues = { name: string; email: string; message: string; altcha: string };
const empty: ContactValues = { name: '', email: '', message: '', altcha: '' };

/** The message to show for a failed send: the server's Dutch text where it gave one. */
export function contactErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status !== 500 && err.message) return err.message;
  return 'Het bericht kon niet worden verzonden. Probeer het later opnieuw.';
}

export function ContactForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A solved captcha is accepted once: every attempt gets a fresh widget.
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm<ContactValues>({ mode: 'controlled', initialValues: empty, validate: zodValidate(contactSchema) });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSent(null);
    setBusy(true);
    try {
      const res = await apiPost<{ message: string }>('/api/contact', values, { auth: false });
      setSent(res.message);
      form.reset();
    } catch (err) {
      form.setErrors(fieldErrors(err));
      setError(contactErrorMessage(err));
    } finally {
      form.setFieldValue('altcha', '');
      setCaptchaKey((k) => k + 1);
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contactformulier">
      <Stack gap="sm">
        <TextInput label="Naam" autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <Textarea label="Bericht" rows={6} {...form.getInputProps('message')} />
        <Altcha
          key={captchaKey}
          onChange={(payload) => form.setFieldValue('altcha', payload)}
          error={typeof form.errors.altcha === 'string' ? form.errors.altcha : null}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {sent && (
          <Alert color="green" role="status">
            {sent}
          </Alert>
        )}
        <Button type="submit" loading={busy} w="fit-content">
          Verzenden
        </Button>
      </Stack>
    </form>
  );
}

// The contact form (docs/RULES.md, 'Screens', 'Validation', 'Calls', 'Messages'): name, email, message and the captcha, checked with the same
// zod schema as POST /api/contact (loaded once the visitor starts on the form); the server's answer is shown as
// the success text.
import { useState } from 'react';
import { Alert, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SubmitForm } from '../../components/SubmitForm';
import { ApiError } from '../../lib/api';
import { useDeferredValidate } from '../../lib/form';
import { useCaptchaForm } from '../auth';
import { useSendContact } from './api';

type ContactValues = { name: string; email: string; message: string; altcha: string };
const empty: ContactValues = { name: '', email: '', message: '', altcha: '' };
// The same schema as POST /api/contact, loaded once the visitor starts on the form (zod is not in the page's JavaScript).
const loadContactSchema = () => import('@umrah/domain/validation/contact').then((m) => m.contactSchema);

/** The message to show for a failed send: the server's Dutch text where it gave one. */
export function contactErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status !== 500 && err.message) return err.message;
  return 'Het bericht kon niet worden verzonden. Probeer het later opnieuw.';
}

export function ContactForm() {
  const [sent, setSent] = useState<string | null>(null);
  const sendContact = useSendContact();
  const { validate, whenReady, start } = useDeferredValidate(loadContactSchema);
  const form = useForm<ContactValues>({ mode: 'controlled', initialValues: empty, validate });
  const { submit, error, busy, captcha } = useCaptchaForm(form, {
    send: (values) => {
      setSent(null);
      return sendContact.mutateAsync(values);
    },
    onSent: (res) => {
      setSent(res.message);
      form.reset();
    },
    errorMessage: contactErrorMessage,
  });

  return (
    <SubmitForm
      label="Contactformulier"
      submitLabel="Verzenden"
      onSubmit={whenReady(() => submit())}
      onStart={start}
      error={error}
      busy={busy}
      narrowButton
      status={
        sent && (
          <Alert color="green" role="status">
            {sent}
          </Alert>
        )
      }
    >
      <TextInput label="Naam" autoComplete="name" {...form.getInputProps('name')} />
      <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
      <Textarea label="Bericht" rows={6} {...form.getInputProps('message')} />
      {captcha}
    </SubmitForm>
  );
}
